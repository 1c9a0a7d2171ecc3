// Is there a GPU at all? The PCI bus shows NVIDIA and AMD devices even with no driver loaded;
// the opened backend adds names and compute capability.

import { step } from '../fixes/steps.js';
import { msg, type Message } from '../types.js';
import { ev, formatGiB, outcome, type Check } from './check.js';

export const hardwareGpus: Check = {
  id: 'hardware.gpus',
  layer: 'hardware',
  title: 'doctor.hardware.gpus.title',
  async run(ctx) {
    const gpus = ctx.facts.gpus();
    const os = await ctx.facts.os();
    const evidence: Message[] = [];
    if (gpus.pciStatus === 'scanned') {
      for (const device of [...gpus.pciNvidia, ...gpus.pciAmd]) {
        evidence.push(
          ev('doctor.ev.pciDevice', {
            address: device.address,
            id: `${device.vendorId}:${device.deviceId}`,
            name: device.name ?? '?',
            driver: device.kernelDriver ?? '—',
          }),
        );
      }
      if (gpus.pciNvidia.length + gpus.pciAmd.length === 0) evidence.push(ev('doctor.ev.pciNoGpu'));
    } else {
      evidence.push(ev(gpus.pciStatus === 'not-provided' ? 'doctor.ev.pciNotProvided' : 'doctor.ev.pciUnavailable', { reason: gpus.pciProblem ?? '' }));
    }
    for (const gpu of gpus.nvidia.filter((g) => g.source === 'backend')) {
      evidence.push(
        ev('doctor.ev.backendGpu', {
          index: gpu.index ?? '?',
          name: gpu.name ?? '?',
          cc: gpu.computeCapability ?? '?',
          memory: gpu.memoryTotalBytes !== null ? formatGiB(gpu.memoryTotalBytes) : '?',
        }),
      );
    }

    if (gpus.nvidia.length > 0) {
      const counts = new Map<string, number>();
      for (const g of gpus.nvidia) counts.set(g.name ?? '?', (counts.get(g.name ?? '?') ?? 0) + 1);
      const names = [...counts].map(([name, count]) => (count > 1 ? `${count}× ${name}` : name));
      return outcome('ok', msg('doctor.hardware.gpus.found', { count: gpus.nvidia.length }, { names }), evidence);
    }
    if (gpus.pciAmd.length > 0) return outcome('warn', msg('doctor.hardware.gpus.amdOnly', { count: gpus.pciAmd.length }), evidence);
    if (os.wsl) {
      return outcome('warn', msg('doctor.hardware.gpus.wslHidden'), evidence);
    }
    if (gpus.pciStatus !== 'scanned') return outcome('skipped', msg('doctor.hardware.gpus.unknown'), evidence);
    // The driver is loaded but silent: the bus showing none is no proof there is none.
    if (gpus.driverSilent) return outcome('warn', msg('doctor.hardware.gpus.driverSilent'), evidence);
    return outcome('fail', msg('doctor.hardware.gpus.none'), evidence, {
      why: msg('doctor.hardware.gpus.why'),
      steps: [step('doctor.fix.step.noGpu', undefined, [], { needsRoot: false })],
      docs: [],
    });
  },
};
