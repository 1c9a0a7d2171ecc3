// The one step every `--from` command shares: read the source, recognise it, open a session on
// it, and turn any ImportError into the user's language. Returns text; never prints.

import type { SnapshotSession } from '../snapshot/session.js';
import type { Translate } from '../i18n/index.js';
import { importSource, openImportedSession, type ImportedSource } from './index.js';
import type { ReadImportOptions } from './read-input.js';
import { ImportError } from './types.js';

export type OpenedFrom =
  | { ok: true; session: SnapshotSession; imported: ImportedSource; note: string }
  | { ok: false; message: string };

export function translateImportError(error: unknown, t: Translate): string {
  if (error instanceof ImportError) return t(error.key, error.params);
  throw error;
}

export async function openFrom(source: string, t: Translate, options: ReadImportOptions = {}): Promise<OpenedFrom> {
  let imported: ImportedSource;
  try {
    imported = await importSource(source, options);
  } catch (error) {
    return { ok: false, message: translateImportError(error, t) };
  }
  const session = await openImportedSession(imported);
  const note = t('import.note.from', { source: source === '-' ? t('import.stdin') : source, format: imported.format.id });
  return { ok: true, session, imported, note };
}
