import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { device } from '../render/__fixtures__/snapshot.js';
import { powerCell, smActivityCell, temperatureCell } from './gpu-cells.js';
import { createTheme } from './theme.js';

const context = { theme: createTheme({ color: true, ascii: false }), t: createTranslator('en') };
const YELLOW = '\u001b[33m';

describe('GPU cells', () => {
  it('GPU-Util 100 % with SM active 12 %: the SM figure is flagged; a busy GPU that uses its SMs is not', () => {
    const starved = smActivityCell(device({ gpuUtilPercent: 100, smActivePercent: 12 }), context).render(8);
    expect(starved).toContain(`${YELLOW} 12%`);
    expect(smActivityCell(device({ gpuUtilPercent: 100, smActivePercent: 85 }), context).render(8)).not.toContain(YELLOW);
    expect(smActivityCell(device({ gpuUtilPercent: 10, smActivePercent: 5 }), context).render(8)).not.toContain(YELLOW);
    expect(smActivityCell(device({ gpuUtilPercent: 100, smActivePercent: null }), context).render(8)).toContain('N/A');
  });

  it('temperature by the GPU’s own slowdown point when it has one', () => {
    const red = '\u001b[31m';
    expect(temperatureCell(device({ temperatureCelsius: 80, temperatureSlowdownCelsius: 83 }), context).render(6)).toContain(red);
    expect(temperatureCell(device({ temperatureCelsius: 80, temperatureSlowdownCelsius: 100 }), context).render(6)).not.toContain(red);
    expect(temperatureCell(device({ temperatureCelsius: 86, temperatureSlowdownCelsius: null }), context).render(6)).toContain(red);
  });

  it('power near its limit in warning colour; compact drops the limit', () => {
    expect(powerCell(device({ powerDrawWatts: 699, powerLimitWatts: 700 }), context).render(10)).toContain(YELLOW);
    expect(powerCell(device({ powerDrawWatts: 400, powerLimitWatts: 700 }), context, true).render(6).trim()).toBe('400W');
  });
});
