// The `GPU Engine` and `GPU Adapter Memory` performance counters, as Task Manager reads them:
// `Get-Counter … | ConvertTo-Json` samples {Path, CookedValue}, one per engine of each process
// ("\\host\gpu engine(pid_1234_luid_0x00000000_0x0000d1a5_phys_0_eng_0_engtype_3d)\utilization
// percentage") and per adapter ("…\gpu adapter memory(luid_…_phys_0)\dedicated usage"). An
// adapter's utilisation is its busiest engine, each engine the sum over the processes using it.
// Counter names are English here; Windows in other languages may name them differently (docs).

import { isObject, parseJsonDocument } from '../vendor-common/reading.js';

export interface AdapterCounters {
  utilPercent: number | null;
  dedicatedBytes: number | null;
  sharedBytes: number | null;
  /** Per process (PID): its busiest engine on this adapter and its dedicated memory (`GPU Process Memory`). */
  processes: Map<number, { utilPercent: number | null; dedicatedBytes: number | null; compute: boolean; graphics: boolean }>;
}

export const WINDOWS_COUNTERS_FORMAT = 'windows-gpu-counters';

const ENGINE = /gpu engine\(pid_(\d+)_luid_(0x[0-9a-f]{8}_0x[0-9a-f]{8})_phys_(\d+)_eng_(\d+)_engtype_([^)]*)\)\\utilization percentage$/i;
const PROCESS_MEMORY = /gpu process memory\(pid_(\d+)_luid_(0x[0-9a-f]{8}_0x[0-9a-f]{8})_phys_(\d+)\)\\dedicated usage$/i;
const MEMORY = /gpu adapter memory\(luid_(0x[0-9a-f]{8}_0x[0-9a-f]{8})_phys_(\d+)\)\\(dedicated|shared) usage$/i;

/** Counters per adapter LUID ("0x00000000_0x0000d1a5"), from the samples' JSON. */
export function parseGpuCounters(text: string): Map<string, AdapterCounters> {
  const document = parseJsonDocument(text, WINDOWS_COUNTERS_FORMAT);
  const samples = (Array.isArray(document) ? document : isObject(document) && Array.isArray(document.counters) ? document.counters : [document]).filter(isObject);
  const engines = new Map<string, number>();
  const adapters = new Map<string, AdapterCounters>();
  const adapter = (luid: string) => {
    let entry = adapters.get(luid);
    if (!entry) adapters.set(luid, (entry = { utilPercent: null, dedicatedBytes: null, sharedBytes: null, processes: new Map() }));
    return entry;
  };
  const processOf = (luid: string, pid: number) => {
    const processes = adapter(luid).processes;
    let entry = processes.get(pid);
    if (!entry) processes.set(pid, (entry = { utilPercent: null, dedicatedBytes: null, compute: false, graphics: false }));
    return entry;
  };
  // Per process and engine: a process's utilisation is its busiest engine.
  const processEngines = new Map<string, number>();
  for (const sample of samples) {
    const path = typeof sample.Path === 'string' ? sample.Path : '';
    const value = typeof sample.CookedValue === 'number' && Number.isFinite(sample.CookedValue) && sample.CookedValue >= 0 ? sample.CookedValue : null;
    if (value === null) continue;
    const engine = ENGINE.exec(path);
    if (engine) {
      const luid = engine[2]!.toLowerCase();
      adapter(luid);
      const id = `${luid}/${engine[3]}/${engine[4]}`;
      engines.set(id, (engines.get(id) ?? 0) + value);
      const pid = Number(engine[1]);
      // CUDA and DirectML work runs on the Compute engines, games and the desktop on 3D.
      const kind = engine[5]!.toLowerCase();
      if (value > 0 && /^(?:compute|cuda)/.test(kind)) processOf(luid, pid).compute = true;
      if (value > 0 && kind === '3d') processOf(luid, pid).graphics = true;
      const perProcess = `${luid}/${pid}/${engine[3]}/${engine[4]}`;
      processEngines.set(perProcess, (processEngines.get(perProcess) ?? 0) + value);
      continue;
    }
    const processMemory = PROCESS_MEMORY.exec(path);
    if (processMemory) {
      const entry = processOf(processMemory[2]!.toLowerCase(), Number(processMemory[1]));
      entry.dedicatedBytes = (entry.dedicatedBytes ?? 0) + value;
      continue;
    }
    const memory = MEMORY.exec(path);
    if (memory) {
      const entry = adapter(memory[1]!.toLowerCase());
      if (memory[3]!.toLowerCase() === 'dedicated') entry.dedicatedBytes = (entry.dedicatedBytes ?? 0) + value;
      else entry.sharedBytes = (entry.sharedBytes ?? 0) + value;
    }
  }
  for (const [id, busy] of engines) {
    const entry = adapter(id.split('/')[0]!);
    entry.utilPercent = Math.min(100, Math.max(entry.utilPercent ?? 0, busy));
  }
  for (const [id, busy] of processEngines) {
    const [luid = '', pid = ''] = id.split('/');
    const entry = processOf(luid, Number(pid));
    entry.utilPercent = Math.min(100, Math.max(entry.utilPercent ?? 0, busy));
  }
  return adapters;
}
