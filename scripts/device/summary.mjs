// The short table printed last by check.sh.  usage: node summary.mjs <out-dir>
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const read = (name) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');
const json = (name) => { try { return JSON.parse(read(name)); } catch { return null; } };
const ours = json('time-gpuwise.json');
const pynvml = json('time-pynvml.json');
const smi = json('time-nvidia-smi.json');
const doctor = json('doctor.json');
const compare = read('compare.txt').trim().split('\n').pop();
const timings = json('call-timings.json');
const slowest = timings?.calls?.filter((c) => c.warmWallUs !== null).slice(0, 3).map((c) => `${c.function.replace('nvmlDevice', '')} ${c.warmWallUs} µs (CPU ${Math.round(100 * (c.cpuShare ?? 0))} %)`).join(', ');
const rows = [
  ['gpuwise agrees with nvidia-smi', compare || 'not run'],
  ['gpuwise snapshot (no PCIe throughput)', ours ? `${ours.median_us} µs` : 'not run'],
  ['pynvml, same calls', pynvml ? `${pynvml.median_us} µs (gpuwise ${(ours?.median_us / pynvml.median_us).toFixed(2)}×)` : 'not run'],
  ['gpuwise snapshot with PCIe throughput', ours ? `${ours.with_pcie_median_us} µs` : 'not run'],
  ['pynvml with PCIe throughput', pynvml ? `${pynvml.with_pcie_median_us} µs` : 'not run'],
  ['nvidia-smi --query-gpu (process)', smi ? `${Math.round(smi.median_us)} µs (gpuwise ${(smi.median_us / ours?.median_us).toFixed(0)}× faster)` : 'not run'],
  ['NVML functions timed (call-timings.json)', timings ? `${timings.calls.length}; slowest warm: ${slowest}` : 'not run'],
  ['doctor verdict', doctor ? `${doctor.verdict?.text ?? JSON.stringify(doctor.verdict)} (exit ${doctor.exitCode})` : 'not run'],
];
for (const [what, value] of rows) console.log(`${what.padEnd(42)} ${value}`);
