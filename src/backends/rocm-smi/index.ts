// The 'rocm-smi' backend: older ROCm installs. `--showallinfo --json` once at open (names, bus,
// VBIOS, limits), a shorter set of live flags at each read, and processes from DRM fdinfo
// (rocm-smi's own list says how many GPUs a process uses, not which).

import type { BackendDriver } from '../../core/backend.js';
import type { DeviceMetricField } from '../../core/snapshot.js';
import { createDrmProcessReader, type FdinfoFs } from '../../host/drm-fdinfo.js';
import { toNvmlBusId } from '../pci/address.js';
import { createCommandDriver, type CommandBackendOptions } from '../vendor-common/command-backend.js';
import { overlayDevices, parseProblem, withoutFields } from '../vendor-common/reading.js';
import { parseRocmSmiJson } from './parse.js';

export const ROCM_SMI_BACKEND_ID = 'rocm-smi';

export const ROCM_SMI_LIVE_ARGS = ['--showuse', '--showmemuse', '--showmeminfo', 'vram', '--showtemp', '--showpower', '--showclocks', '--showfan', '--json'] as const;

/**
 * What the live flags measure. `--showallinfo` at open prints them too, but those are the figures
 * of that instant: when a live read fails they become null with its reason, never the open's.
 */
export const ROCM_SMI_LIVE_FIELDS = [
  'gpuUtilPercent', 'memoryUtilPercent', 'memoryUsedBytes', 'memoryFreeBytes', 'temperatureCelsius', 'powerDrawWatts',
  'graphicsClockMhz', 'smClockMhz', 'memoryClockMhz', 'pcieLinkGeneration', 'pcieLinkWidth', 'fanSpeedPercent',
] as const satisfies readonly DeviceMetricField[];

export function createRocmSmiDriver(options: CommandBackendOptions & { procRoot?: string; fdinfoFs?: FdinfoFs } = {}): BackendDriver {
  const processes = createDrmProcessReader({ procRoot: options.procRoot, files: options.fdinfoFs });
  return createCommandDriver(
    {
      id: ROCM_SMI_BACKEND_ID,
      capabilities: { metrics: true, processes: true },
      candidates: ['rocm-smi', '/opt/rocm/bin/rocm-smi'],
      openArgs: [['--showallinfo', '--json']],
      readArgs: [ROCM_SMI_LIVE_ARGS],
      parse(open, live, failures) {
        const base = parseRocmSmiJson(open[0] ?? '');
        if (live[0] == null) return { ...base, devices: withoutFields(base.devices, ROCM_SMI_LIVE_FIELDS, failures[0] ?? 'error') };
        let update;
        try {
          update = parseRocmSmiJson(live[0]);
        } catch (error) {
          return { ...base, devices: withoutFields(base.devices, ROCM_SMI_LIVE_FIELDS, 'error'), problems: [...base.problems, parseProblem(error)] };
        }
        return { ...base, devices: overlayDevices(base.devices, update.devices, ROCM_SMI_LIVE_FIELDS), problems: [...base.problems, ...update.problems] };
      },
      enrich(reading) {
        const index = new Map(reading.devices.map((d) => [d.pciBusId, d.index]));
        const found = processes.read((pdev, driver) => (driver === 'amdgpu' && pdev ? (index.get(toNvmlBusId(pdev)) ?? null) : null));
        return { ...reading, processes: found.processes };
      },
    },
    { ...options, timeoutMs: options.timeoutMs ?? 10_000 },
  );
}

export { parseRocmSmiJson } from './parse.js';
