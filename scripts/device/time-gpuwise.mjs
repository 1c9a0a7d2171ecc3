// Times gpuwise's NVML snapshot in this process (steady state, after the first read), with and
// without PCIe throughput (NVML samples 20 ms per call for it). Prints one JSON line.
// usage: node time-gpuwise.mjs <iterations>
import { openNvml } from '../../dist/index.mjs';

const iterations = Number(process.argv[2] ?? 300);
const result = { tool: 'gpuwise NVML backend' };
for (const pcieThroughput of [false, true]) {
  const opened = openNvml({ pcieThroughput });
  if (!opened.ok) throw new Error(opened.unavailable.detail);
  // Warm up: the identity is read once, and the JIT settles.
  for (let i = 0; i < (pcieThroughput ? 3 : 100); i++) await opened.backend.read();
  const runs = [];
  for (let i = 0; i < (pcieThroughput ? Math.min(iterations, 50) : iterations); i++) {
    const started = performance.now();
    await opened.backend.read();
    runs.push((performance.now() - started) * 1000);
  }
  await opened.backend.close();
  runs.sort((a, b) => a - b);
  result[pcieThroughput ? 'with_pcie_median_us' : 'median_us'] = Number(runs[runs.length >> 1].toFixed(1));
}
console.log(JSON.stringify(result));
