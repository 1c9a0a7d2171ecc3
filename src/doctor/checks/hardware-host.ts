// The host that feeds the GPUs: memory, CPU cores, disks. Training reads data through all three;
// a box short on any of them leaves the GPUs waiting.

import type { DiskFacts } from '../facts/host-resources.js';
import { msg, withTerms, type Message } from '../types.js';
import { ev, formatGiB, outcome, unreadable, type Check } from './check.js';

const TRAINING_MIN_MEMORY_BYTES = 32 * 1024 ** 3;
const CPU_PER_GPU = 4;

export const hardwareMemory: Check = {
  id: 'hardware.memory',
  layer: 'hardware',
  title: 'doctor.hardware.memory.title',
  async run(ctx) {
    const host = await ctx.facts.host();
    if (host.memoryTotalBytes === null) return outcome('skipped', msg('doctor.hardware.memory.unknown'));
    const gpuMemory = ctx.facts.gpus().nvidia.reduce((sum, g) => sum + (g.memoryTotalBytes ?? 0), 0);
    const evidence: Message[] = [ev('doctor.ev.memory', { memory: formatGiB(host.memoryTotalBytes), source: host.memorySource ?? '' })];
    if (gpuMemory > 0) evidence.push(ev('doctor.ev.gpuMemoryTotal', { memory: formatGiB(gpuMemory) }));
    const memory = formatGiB(host.memoryTotalBytes);
    if (host.memoryTotalBytes < TRAINING_MIN_MEMORY_BYTES) {
      const wsl = (await ctx.facts.os()).wsl !== null;
      return outcome('warn', msg(wsl ? 'doctor.hardware.memory.lowWsl' : 'doctor.hardware.memory.low', { memory }), evidence, {
        why: msg(wsl ? 'doctor.hardware.memory.whyWsl' : 'doctor.hardware.memory.why'),
        steps: [],
        docs: [],
      });
    }
    if (gpuMemory > 0 && host.memoryTotalBytes < gpuMemory) {
      return outcome('warn', msg('doctor.hardware.memory.belowGpu', { memory, gpuMemory: formatGiB(gpuMemory) }), evidence, {
        why: msg('doctor.hardware.memory.whyGpu'),
        steps: [],
        docs: [],
      });
    }
    return outcome('ok', msg('doctor.hardware.memory.ok', { memory }), evidence);
  },
};

export const hardwareCpu: Check = {
  id: 'hardware.cpu',
  layer: 'hardware',
  title: 'doctor.hardware.cpu.title',
  async run(ctx) {
    const host = await ctx.facts.host();
    if (host.cpuLogicalCount === null) return outcome('skipped', msg('doctor.hardware.cpu.unknown'));
    const gpuCount = ctx.facts.gpus().nvidia.length;
    const evidence = [ev('doctor.ev.cpu', { count: host.cpuLogicalCount, model: host.cpuModel ?? '?', source: host.cpuSource ?? '' })];
    const wanted = CPU_PER_GPU * Math.max(1, gpuCount);
    if (gpuCount === 0) {
      const key = host.cpuLogicalCount < wanted ? 'doctor.hardware.cpu.fewNoGpu' : 'doctor.hardware.cpu.okNoGpu';
      return outcome(host.cpuLogicalCount < wanted ? 'warn' : 'ok', msg(key, { count: host.cpuLogicalCount, wanted }), evidence);
    }
    if (host.cpuLogicalCount < wanted) {
      return outcome('warn', msg('doctor.hardware.cpu.few', { count: host.cpuLogicalCount, wanted, gpus: gpuCount }), evidence, {
        why: msg('doctor.hardware.cpu.why'),
        steps: [],
        docs: [],
      });
    }
    return outcome('ok', msg('doctor.hardware.cpu.ok', { count: host.cpuLogicalCount, gpus: gpuCount }), evidence);
  },
};

function diskEvidence(disk: DiskFacts): Message {
  const path = `/sys/block/${disk.name}/queue/rotational`;
  const size = disk.sizeBytes !== null ? formatGiB(disk.sizeBytes) : '?';
  if (disk.rotational !== null) return ev(disk.rotational ? 'doctor.ev.diskRotational' : 'doctor.ev.diskSolid', { name: disk.name, size, path });
  const why = disk.rotationalProblem ? unreadable(path, disk.rotationalProblem) : ev('doctor.ev.diskFlagUnclear', { path });
  return withTerms(ev('doctor.ev.diskUnknown', { name: disk.name, size, path }), { why });
}

export const hardwareDisk: Check = {
  id: 'hardware.disk',
  layer: 'hardware',
  title: 'doctor.hardware.disk.title',
  async run(ctx) {
    const host = await ctx.facts.host();
    if (host.disks === null) {
      return host.disksProblem ? outcome('skipped', msg('doctor.hardware.disk.unreadable'), [unreadable('/sys/block', host.disksProblem)]) : outcome('skipped', msg('doctor.skip.notLinux'));
    }
    if (host.disks.length === 0) return outcome('skipped', msg('doctor.hardware.disk.none'));
    const evidence = host.disks.map(diskEvidence);
    const solid = host.disks.filter((d) => d.rotational === false);
    const unknown = host.disks.filter((d) => d.rotational === null).length;
    if (solid.length > 0) {
      const nvme = solid.filter((d) => d.name.startsWith('nvme')).length;
      return outcome('ok', msg(unknown > 0 ? 'doctor.hardware.disk.okSomeUnknown' : 'doctor.hardware.disk.ok', { count: solid.length, nvme, unknown }), evidence);
    }
    if (unknown > 0) {
      // No disk is known to be solid-state, but not all are known to spin either: say only that.
      const rotational = host.disks.length - unknown;
      return outcome('warn', msg(rotational > 0 ? 'doctor.hardware.disk.rotationalSomeUnknown' : 'doctor.hardware.disk.kindUnknown', { rotational, unknown }), evidence, {
        why: msg('doctor.hardware.disk.unknownWhy'),
        steps: [],
        docs: [],
      });
    }
    // WSL2's disks are virtual (VHDX files) and always claim to be rotational.
    const allVirtual = (await ctx.facts.os()).wsl !== null || host.disks.every((d) => d.virtual);
    return outcome('warn', msg(allVirtual ? 'doctor.hardware.disk.virtualRotational' : 'doctor.hardware.disk.rotational'), evidence, {
      why: msg('doctor.hardware.disk.why'),
      steps: [],
      docs: [],
    });
  },
};
