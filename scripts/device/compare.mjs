// Does `gpuwise info --json` agree with nvidia-smi on this GPU? Static fields must match exactly,
// live ones within a tolerance (the two reads are a moment apart). Prints one line per check
// and exits 1 if any static field disagrees.  usage: node compare.mjs <out-dir> <label...>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...labels] = process.argv.slice(2);
const MIB = 1024 * 1024;
let failures = 0;

function parseCsv(text) {
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const names = header.split(', ').map((h) => h.replace(/ \[.*\]$/, ''));
  return rows.map((row) => Object.fromEntries(row.split(', ').map((value, i) => [names[i], value.trim()])));
}
const num = (value) => (value === undefined || /N\/A|Not Supported|ERR/.test(value) ? null : Number(String(value).replace(/[^\d.+-]/g, '')));

function check(label, what, ours, theirs, tolerance = 0) {
  const ok = ours === theirs || (typeof ours === 'number' && typeof theirs === 'number' && Math.abs(ours - theirs) <= tolerance);
  if (!ok && tolerance === 0) failures++;
  console.log(`${ok ? 'ok  ' : tolerance ? 'diff' : 'FAIL'} ${label} ${what}: gpuwise=${JSON.stringify(ours)} nvidia-smi=${JSON.stringify(theirs)}`);
}

for (const label of labels) {
  const snapshot = JSON.parse(readFileSync(join(dir, `${label}_gpuwise-info.json`), 'utf8'));
  const smi = parseCsv(readFileSync(join(dir, `${label}_query-gpu.csv`), 'utf8'));
  check(label, 'backend', snapshot.backend, 'nvml');
  check(label, 'GPU count', snapshot.devices.length, smi.length);
  for (const row of smi) {
    const gpu = snapshot.devices.find((d) => d.uuid === row.uuid);
    const g = `gpu ${row.index}`;
    if (!gpu) { failures++; console.log(`FAIL ${label} ${g}: uuid ${row.uuid} not in gpuwise`); continue; }
    check(label, `${g} name`, gpu.name, row.name);
    check(label, `${g} pci bus id`, gpu.pciBusId, row['pci.bus_id'].toUpperCase());
    check(label, `${g} memory total MiB`, gpu.memoryTotalBytes / MIB, num(row['memory.total']));
    check(label, `${g} compute capability`, gpu.computeCapability, row.compute_cap);
    check(label, `${g} power limit W`, gpu.powerLimitWatts, num(row['enforced.power.limit']), 0.5);
    check(label, `${g} max SM clock`, gpu.smClockMaxMhz, num(row['clocks.max.sm']));
    check(label, `${g} max PCIe gen`, gpu.pcieLinkGenerationMax, num(row['pcie.link.gen.max']));
    check(label, `${g} max PCIe width`, gpu.pcieLinkWidthMax, num(row['pcie.link.width.max']));
    check(label, `${g} MIG`, gpu.migModeCurrent, row['mig.mode.current'] === 'Enabled');
    check(label, `${g} ECC`, gpu.eccModeCurrent, row['ecc.mode.current'] === 'Enabled');
    check(label, `${g} persistence`, gpu.persistenceMode, row.persistence_mode === 'Enabled');
    check(label, `${g} memory used MiB`, gpu.memoryUsedBytes / MIB, num(row['memory.used']), 256);
    check(label, `${g} GPU util %`, gpu.gpuUtilPercent, num(row['utilization.gpu']), 20);
    check(label, `${g} temperature °C`, gpu.temperatureCelsius, num(row['temperature.gpu']), 3);
    check(label, `${g} power W`, gpu.powerDrawWatts, num(row['power.draw']), 60);
    check(label, `${g} pstate`, gpu.performanceState === null ? null : `P${gpu.performanceState}`, row.pstate);
  }
  check(label, 'driver version', snapshot.driver.driverVersion, smi[0]?.driver_version);
  const apps = parseCsv(readFileSync(join(dir, `${label}_query-compute-apps.csv`), 'utf8'));
  const ourPids = new Set(snapshot.processes.filter((p) => p.type !== 'graphics').map((p) => p.pid));
  for (const app of apps) check(label, `process ${app.pid} seen`, ourPids.has(Number(app.pid)), true);
  for (const process of snapshot.processes) {
    console.log(`     ${label} process ${process.pid} ${process.type} ${process.usedMemoryBytes === null ? 'N/A' : Math.round(process.usedMemoryBytes / MIB) + ' MiB'} ${process.hostResolution} ${process.user ?? '?'} ${process.command ?? ''}`);
  }
}
console.log(failures === 0 ? 'AGREE: every static field matches nvidia-smi' : `DISAGREE: ${failures} static field(s) differ`);
process.exitCode = failures === 0 ? 0 : 1;
