// `--config FILE`: read a Hugging Face config.json from disk (never from the network) and turn it
// into the model shape the estimator takes. The file is size-checked before it is read and parsed
// as JSON with the error kept short; its content is validated field by field (hf-config.ts), so a
// hostile or broken file ends as a usage error naming the file and the field, never a crash.

import { readFileSync, statSync } from 'node:fs';
import { AdvisorError } from '../../advisor/errors.js';
import { architectureFromHfConfig } from '../../advisor/estimate/hf-config.js';
import type { ArchitectureModelInput } from '../../advisor/estimate/types.js';
import { safeText } from '../../core/safe-text.js';
import type { ModelOptions } from './advisor-options.js';

/** Real config.json files are 1–10 KB; anything this big is not one. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

function detailOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return safeText(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}

export function modelFromConfigFile(path: string, options: ModelOptions): ArchitectureModelInput {
  if (options.model !== undefined || options.params !== undefined) throw new AdvisorError('advisor.error.configAndModel');
  const label = safeText(path);
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new Error('not a regular file');
    size = stat.size;
  } catch (error) {
    throw new AdvisorError('advisor.error.configUnreadable', { path: label, detail: detailOf(error) });
  }
  if (size > MAX_CONFIG_BYTES) throw new AdvisorError('advisor.error.configTooLarge', { path: label, size, limit: MAX_CONFIG_BYTES });
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AdvisorError('advisor.error.configUnreadable', { path: label, detail: detailOf(error) });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new AdvisorError('advisor.error.configNotJson', { path: label, detail: detailOf(error) });
  }
  const { name, architecture } = architectureFromHfConfig(raw, label);
  return { name, architecture, sources: [`config.json: ${label}`] };
}
