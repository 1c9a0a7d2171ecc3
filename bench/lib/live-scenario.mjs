// A fake-NVML scenario whose GPU processes are real: `count` spawned `sleep` processes spread over
// the base scenario's GPUs, in every frame, so host enrichment reads /proc for each of them as it
// would on a busy training node (a scenario PID that does not exist costs less than a live one).

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Spawns `count` sleepers; returns their PIDs and a function that ends them (by PID). */
export function spawnSleepers(count) {
  const children = Array.from({ length: count }, () => spawn('sleep', ['100000'], { stdio: 'ignore' }));
  return {
    pids: children.map((child) => child.pid),
    stop: () => {
      for (const child of children) child.kill('SIGKILL');
    },
  };
}

/**
 * Writes `dir/<name>-live.json`: the base scenario with each frame's compute processes replaced by
 * `pids`, round-robin over the GPUs, each with a little memory and utilisation; graphics-only
 * clients (a desktop's) stay as the scenario has them. Returns its path.
 */
export function writeLiveScenario(basePath, pids, dir) {
  const scenario = JSON.parse(readFileSync(basePath, 'utf8'));
  const gpus = scenario.devices.length;
  const lists = Array.from({ length: gpus }, () => []);
  pids.forEach((pid, i) => lists[i % gpus].push({ pid, type: 'C', usedMemoryMiB: 256 + (i % 7), smUtilPercent: i % 100, memUtilPercent: i % 50 }));
  let graphics = Array.from({ length: gpus }, () => []);
  for (const frame of scenario.timeline) {
    // A frame's list replaces the previous one whole (the fake's rule): carry the graphics clients.
    graphics = graphics.map((kept, gpu) => frame.devices[gpu]?.processes?.filter((p) => p.type === 'G') ?? kept);
    frame.devices = Array.from({ length: gpus }, (_, gpu) => ({ ...(frame.devices[gpu] ?? {}), processes: [...graphics[gpu], ...lists[gpu]] }));
  }
  scenario.description = `${scenario.description} (bench: ${pids.length} live processes)`;
  const name = basePath.split('/').pop().replace(/\.json$/, '');
  const path = join(dir, `${name}-live.json`);
  writeFileSync(path, JSON.stringify(scenario));
  return path;
}

/** RSS and CPU time of a process from /proc (Linux), in bytes and seconds. */
export function procUsage(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime are fields 14 and 15 of stat (11 and 12 after the comm), in USER_HZ ticks.
  const userSeconds = Number(fields[11]) / 100;
  const systemSeconds = Number(fields[12]) / 100;
  return { rssBytes: kib('VmRSS') * 1024, hwmBytes: kib('VmHWM') * 1024, cpuSeconds: userSeconds + systemSeconds, userSeconds, systemSeconds };
}
