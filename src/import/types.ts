// The shape every `--from` format has, and the error its parser throws. Kept apart from the list
// (formats.ts) so each parser module can import these without importing every other parser.

import type { BackendReading } from '../core/backend.js';
import type { MessageKey } from '../i18n/catalog.js';

export interface ImportFormat {
  /** Stable id, shown in errors and `--json` (e.g. 'nvidia-smi-xml'). */
  id: string;
  /** Whether `text` (the head of the input, at most DETECT_WINDOW characters) looks like this format. */
  detect(text: string): boolean;
  /** The reading the text describes; throws ImportError when it cannot be read. */
  parse(text: string): BackendReading;
  /** The command that prints it, untranslated (listed when no format matches). */
  command?: string;
}

/** Why an input could not be read: a message key and its parameters, translated by the CLI. */
export class ImportError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'ImportError';
  }
}

/** detect() sees at most this much of the input: a signature is in the first lines. */
export const DETECT_WINDOW = 64 * 1024;
