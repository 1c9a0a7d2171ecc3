// gpuwise's own `info --json` (one snapshot, an array, or the NDJSON of --watch): read by the
// static backend's recording parser, which already checks its shape and bounds it.

import type { BackendReading } from '../core/backend.js';
import { parseRecording } from '../backends/static/recording.js';
import { SNAPSHOT_SCHEMA_VERSION } from '../core/snapshot.js';
import { ImportError, type ImportFormat } from './types.js';

export const gpuwiseJsonFormat: ImportFormat = {
  id: 'gpuwise-json',
  command: 'gpuwise info --json',
  detect: (text) => /^\s*[[{]/.test(text) && /"schemaVersion"\s*:/.test(text) && /"devices"\s*:/.test(text),
  parse(text): BackendReading {
    const parsed = parseRecording(text);
    if (!parsed.ok && parsed.newerSchema !== undefined) {
      throw new ImportError('import.error.newerSchema', { schema: parsed.newerSchema, reads: SNAPSHOT_SCHEMA_VERSION });
    }
    if (!parsed.ok) throw new ImportError('import.error.gpuwiseJson', { detail: parsed.detail });
    // The last reading: a --watch recording's latest state is the machine as it was left.
    return parsed.readings[parsed.readings.length - 1]!;
  },
};
