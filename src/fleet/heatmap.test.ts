// The heatmap reads the recording rule's series, and the raw series only for the nodes the rule
// has not recorded yet (it lags by an evaluation interval: a node that just joined).

import { describe, expect, it } from 'vitest';
import type { RangeSeries, Sample } from './client.js';
import { fakePrometheus } from './testing/fake-client.js';
import { fleetHeatmap } from './heatmap.js';
import { HEATMAP_NODES_QUERY, HEATMAP_QUERY, HEATMAP_RECORDED_QUERY, heatmapQueryFor } from './queries.js';

const series = (instance: string, value: number): RangeSeries => ({ metric: { instance, Hostname: instance.split(':')[0]! }, values: [[1000, value]] });

const client = (ranges: Record<string, RangeSeries[]>, instant: Record<string, Sample[]>) => fakePrometheus(instant, ranges);

const nodesNow = (...instances: string[]): Sample[] => instances.map((instance) => ({ metric: { instance }, value: 8 }));

describe('fleetHeatmap', () => {
  it('adds the nodes the recording rule has not recorded yet from the raw series, by name', async () => {
    const late = heatmapQueryFor(['10.0.0.3:8478']);
    const c = client(
      { [HEATMAP_RECORDED_QUERY]: [series('10.0.0.1:8478', 50), series('10.0.0.2:8478', 70)], [late]: [series('10.0.0.3:8478', 20)] },
      { [HEATMAP_NODES_QUERY]: nodesNow('10.0.0.1:8478', '10.0.0.2:8478', '10.0.0.3:8478') },
    );
    const heatmap = await fleetHeatmap(c, { rangeSeconds: 60, endSeconds: 1000 });
    expect(heatmap.rows.map((r) => [r.instance, r.values.at(-1)])).toEqual([['10.0.0.1:8478', 50], ['10.0.0.2:8478', 70], ['10.0.0.3:8478', 20]]);
    expect(c.asked).not.toContain(HEATMAP_QUERY);
  });

  it('asks nothing more when every node is recorded, and reads the raw series without the rules', async () => {
    const recorded = client({ [HEATMAP_RECORDED_QUERY]: [series('a:1', 1)] }, { [HEATMAP_NODES_QUERY]: nodesNow('a:1') });
    await fleetHeatmap(recorded, { rangeSeconds: 60, endSeconds: 1000 });
    expect(recorded.asked).toEqual([HEATMAP_RECORDED_QUERY, HEATMAP_NODES_QUERY]);
    const raw = client({ [HEATMAP_QUERY]: [series('a:1', 1)] }, {});
    expect((await fleetHeatmap(raw, { rangeSeconds: 60, endSeconds: 1000 })).rows).toHaveLength(1);
  });

  it('matches instance names literally in the raw query (dots, quotes, backslashes)', () => {
    expect(heatmapQueryFor(['10.0.0.1:8478', 'a"b\\c'])).toBe('avg by (instance, Hostname) (DCGM_FI_DEV_GPU_UTIL{instance=~"10\\\\.0\\\\.0\\\\.1:8478|a\\"b\\\\\\\\c"})');
  });
});
