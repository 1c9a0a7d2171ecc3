// `--from FILE|-`: what was pasted → the format it is in → a reading → a session of the static
// backend, so every command that takes snapshots (info, recommend --local, doctor) works on it
// unchanged. The snapshot's host is '(imported)' (host.ts); the CLI prints where it came from.

import type { BackendReading } from '../core/backend.js';
import { createStaticDriver } from '../backends/static/index.js';
import { openSession, type SnapshotSession } from '../snapshot/session.js';
import { detectFormat, findImportFormat, IMPORT_FORMATS } from './formats.js';
import { createImportedHostReader } from './host.js';
import { assertText, readImportText, type ReadImportOptions } from './read-input.js';
import { ImportError, type ImportFormat } from './types.js';
import { pastedPlatformOf } from './platform.js';

export { IMPORT_FORMATS, detectFormat, findImportFormat } from './formats.js';
export { ImportError, type ImportFormat } from './types.js';
export { readImportText, MAX_IMPORT_BYTES } from './read-input.js';

export interface ImportedReading {
  format: ImportFormat;
  reading: BackendReading;
}

/** The list of formats for the "not recognised" message: one "id — command" per line. */
export function formatList(formats: readonly ImportFormat[] = IMPORT_FORMATS): string {
  return formats.map((format) => `  ${format.id}${format.command ? ` — ${format.command}` : ''}`).join('\n');
}

/** Recognises and parses `text`; throws ImportError (translated by the caller) when it cannot. */
export function importText(text: string, formatId?: string): ImportedReading {
  if (text.trim() === '') throw new ImportError('import.error.empty');
  assertText(text);
  const format = formatId ? findImportFormat(formatId) : detectFormat(text);
  if (!format) throw new ImportError('import.error.unknownFormat', { formats: formatList() });
  try {
    return { format, reading: format.parse(text) };
  } catch (error) {
    if (error instanceof ImportError) throw error;
    // A parser bug must still read as "this input could not be read", never as a crash.
    throw new ImportError('import.error.parser', { format: format.id, detail: error instanceof Error ? error.message : String(error) });
  }
}

export interface ImportedSource extends ImportedReading {
  /** What the user named: a path, or "-" for standard input. */
  source: string;
}

export async function importSource(source: string, options: ReadImportOptions = {}): Promise<ImportedSource> {
  const text = await readImportText(source, options);
  return { source, ...importText(text) };
}

/** A session that serves the imported reading, with no look-up of this machine's host or processes. */
export async function openImportedSession(imported: ImportedSource): Promise<SnapshotSession> {
  const reading = imported.reading;
  // The snapshot is of the time the source was taken where it says so (gpuwise's own JSON).
  const recordedAt = reading.recordedAt === undefined ? null : new Date(reading.recordedAt);
  return openSession({
    drivers: [createStaticDriver({ readings: [reading], capabilities: { metrics: true, processes: reading.processes.length > 0 } })],
    host: createImportedHostReader(pastedPlatformOf(reading)),
    completeFirstSnapshot: false,
    ...(recordedAt ? { now: () => recordedAt } : {}),
  });
}
