// The 'amd-smi' backend: AMD's current tool (ROCm 6.1+). `amd-smi static --json` once at open,
// `metric --json` and `process --json` at each read; the one JSON parser merges them.

import type { BackendDriver } from '../../core/backend.js';
import { createDrmProcessReader, type FdinfoFs } from '../../host/drm-fdinfo.js';
import { toNvmlBusId } from '../pci/address.js';
import type { SnapshotProblem } from '../../core/snapshot.js';
import { createCommandDriver, type CommandBackendOptions } from '../vendor-common/command-backend.js';
import { parseProblem } from '../vendor-common/reading.js';
import { parseAmdSmiDocuments } from './parse.js';

export const AMD_SMI_BACKEND_ID = 'amd-smi';

export function createAmdSmiDriver(options: CommandBackendOptions & { procRoot?: string; fdinfoFs?: FdinfoFs } = {}): BackendDriver {
  const fdinfo = createDrmProcessReader({ procRoot: options.procRoot, files: options.fdinfoFs });
  return createCommandDriver(
    {
      id: AMD_SMI_BACKEND_ID,
      capabilities: { metrics: true, processes: true },
      candidates: ['amd-smi', '/opt/rocm/bin/amd-smi'],
      openArgs: [['static', '--json']],
      readArgs: [['metric', '--json'], ['process', '--json']],
      parse(open, live) {
        // An unreadable live answer (a crash message instead of JSON) must not lose the inventory.
        const readable: string[] = open.filter((text): text is string => text !== null);
        const problems: SnapshotProblem[] = [];
        for (const text of live) {
          if (text === null) continue;
          try {
            parseAmdSmiDocuments([text]);
            readable.push(text);
          } catch (error) {
            problems.push(parseProblem(error));
          }
        }
        const reading = parseAmdSmiDocuments(readable);
        return { ...reading, problems: [...reading.problems, ...problems] };
      },
      // Without root, `amd-smi process` lists nothing (not even one's own processes on some
      // versions); DRM fdinfo then shows at least the processes this user can see.
      enrich(reading) {
        if (reading.processes.length > 0) return reading;
        const index = new Map(reading.devices.map((d) => [d.pciBusId, d.index]));
        const found = fdinfo.read((pdev, driver) => (driver === 'amdgpu' && pdev ? (index.get(toNvmlBusId(pdev)) ?? null) : null));
        return { ...reading, processes: found.processes };
      },
    },
    { ...options, timeoutMs: options.timeoutMs ?? 10_000 },
  );
}

export { parseAmdSmiDocuments } from './parse.js';
