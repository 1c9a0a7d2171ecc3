// The GPM ratios dcgm-exporter's dashboards query, written as it writes them (0–1, its labels)
// where GPM gives them, and not at all where it does not: GR_ENGINE_ACTIVE feeds the current
// dashboard's "GPU Utilization" panel.

import { describe, expect, it } from 'vitest';
import type { Sample } from '../../monitor/sampler.js';
import { parseExposition } from './__fixtures__/parse.js';
import { recordedSample } from './__fixtures__/samples.js';
import { renderMetrics } from './render.js';

function scrape(sample: Sample) {
  const body = renderMetrics({ sample, hostname: 'node-1', perProcess: false, nowMs: sample.wallMs + 1000 });
  return { body, ...parseExposition(body) };
}

describe('DCGM_FI_PROF_GR_ENGINE_ACTIVE', () => {
  it('is the graphics engine\'s active share as a ratio, per GPU with dcgm-exporter\'s labels, on an H100', () => {
    const sample = recordedSample('metrics-8x-h100');
    sample.snapshot.devices[3]!.graphicsActivePercent = 63.5;
    const { series, types, help } = scrape(sample);
    const gr = series.filter((s) => s.name === 'DCGM_FI_PROF_GR_ENGINE_ACTIVE');
    expect(gr.map((s) => s.labels.gpu)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(gr[3]!.labels).toEqual({
      gpu: '3', UUID: sample.snapshot.devices[3]!.uuid, pci_bus_id: sample.snapshot.devices[3]!.pciBusId, device: 'nvidia3',
      modelName: 'NVIDIA H100 80GB HBM3', Hostname: 'node-1', DCGM_FI_DRIVER_VERSION: '550.90.07',
    });
    expect(gr[3]!.value).toBeCloseTo(0.635, 10);
    for (const s of gr) {
      expect(s.value).toBeGreaterThanOrEqual(0);
      expect(s.value).toBeLessThanOrEqual(1);
    }
    expect(types.get('DCGM_FI_PROF_GR_ENGINE_ACTIVE')).toBe('gauge');
    expect(help.get('DCGM_FI_PROF_GR_ENGINE_ACTIVE')).toBe('Ratio of time the graphics engine is active.');
  });

  it('is left out for a GPU whose reading has none, and entirely where GPM is not supported (A100)', () => {
    const sample = recordedSample('metrics-8x-h100');
    sample.snapshot.devices[5]!.graphicsActivePercent = null;
    sample.snapshot.devices[5]!.unavailable.graphicsActivePercent = 'first-sample';
    const names = scrape(sample).series.filter((s) => s.name === 'DCGM_FI_PROF_GR_ENGINE_ACTIVE').map((s) => s.labels.gpu);
    expect(names).toEqual(['0', '1', '2', '3', '4', '6', '7']);

    const mig = recordedSample('metrics-a100-mig');
    expect(mig.snapshot.devices[0]!.unavailable.graphicsActivePercent).toBe('not-supported');
    expect(scrape(mig).body).not.toContain('DCGM_FI_PROF_GR_ENGINE_ACTIVE');
  });
});
