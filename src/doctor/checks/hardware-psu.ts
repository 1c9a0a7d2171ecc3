// Power: the GPUs' board power (the driver's default power limit, else the catalog's TDP) plus the
// rest of the system, with headroom for the short spikes GPUs draw above their limit. gpuwise
// cannot read the power supply's rating, so this says what is needed and warns where a single
// ordinary power supply or wall circuit is not enough.

import { msg } from '../types.js';
import { ev, outcome, type Check } from './check.js';

/** CPU, board, memory, disks and fans of a workstation, roughly. */
export const REST_OF_SYSTEM_WATTS = 250;
/** Headroom for transients and for running a PSU below its limit (≈ 1.3× is common advice). */
export const PSU_HEADROOM = 1.3;
/** The largest common ATX power supplies. */
export const LARGEST_COMMON_PSU_WATTS = 1600;
/** A 120 V / 15 A circuit gives 1800 W, 1440 W continuous (80 % rule). */
export const CIRCUIT_120V_CONTINUOUS_WATTS = 1440;

export function recommendedPsuWatts(gpuWatts: number): number {
  return Math.ceil(((gpuWatts + REST_OF_SYSTEM_WATTS) * PSU_HEADROOM) / 50) * 50;
}

export const hardwarePsu: Check = {
  id: 'hardware.psu',
  layer: 'hardware',
  title: 'doctor.hardware.psu.title',
  async run(ctx) {
    const gpus = ctx.facts.gpus().nvidia;
    if (gpus.length === 0) return outcome('skipped', msg('doctor.skip.noNvidiaGpu'));
    const unknown = gpus.filter((g) => g.boardPowerWatts === null);
    if (unknown.length > 0) {
      const names = [...new Set(unknown.map((g) => g.name ?? g.pciBusId ?? '?'))];
      return outcome('skipped', msg('doctor.hardware.psu.unknownPower', undefined, { names }));
    }
    const evidence = gpus.map((g) =>
      ev(g.boardPowerSource === 'driver' ? 'doctor.ev.gpuPowerDriver' : 'doctor.ev.gpuPowerCatalog', {
        name: g.name ?? g.pciBusId ?? '?',
        watts: g.boardPowerWatts ?? 0,
      }),
    );
    if (gpus.every((g) => g.formFactor === 'sxm' || g.formFactor === 'oam')) {
      return outcome('ok', msg('doctor.hardware.psu.server'), evidence);
    }
    const gpuWatts = gpus.reduce((sum, g) => sum + (g.boardPowerWatts ?? 0), 0);
    const recommended = recommendedPsuWatts(gpuWatts);
    const params = { gpuWatts: Math.round(gpuWatts), recommended, rest: REST_OF_SYSTEM_WATTS };
    if (recommended > LARGEST_COMMON_PSU_WATTS) {
      return outcome('warn', msg('doctor.hardware.psu.beyondOne', params), evidence, {
        why: msg('doctor.hardware.psu.why', { circuit: CIRCUIT_120V_CONTINUOUS_WATTS }),
        steps: [],
        docs: [],
      });
    }
    return outcome('ok', msg('doctor.hardware.psu.ok', params), evidence);
  },
};
