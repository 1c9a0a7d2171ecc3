// GPU-hours from the recording rules and, for what they have not recorded yet, from the raw
// series: right after the rules load (one evaluation in, some nodes not recorded), when their
// first evaluations saw no process yet, with the range covered, without the rules at all, and
// without the rules API (the interval then guessed from the last hour's samples).

import { describe, expect, it } from 'vitest';
import type { RawRuleGroup, Sample } from './client.js';
import { gpuHours, recordingOf } from './gpu-hours.js';
import { rawGpuHoursQuery, RECORDED_LAST_EVALUATION_QUERY, recordedEvaluationsQuery, recordedLastQuery, recordedPerHourQuery, recordedSumQuery, type GpuHoursList } from './queries.js';
import { fakePrometheus } from './testing/fake-client.js';

// One hour at 5 s steps; the rules every minute, as deploy/prometheus loads them.
const RANGE = 3600;
const STEP = 5;
const AT = 1_790_000_000;
const RULES: RawRuleGroup[] = [{ name: 'gpuwise-fleet', interval: 60, rules: [{ name: 'gpuwise:node_gpus', type: 'recording' }, { name: 'gpuwise:node_gpus_allocated', type: 'recording' }, { name: 'gpuwise:user_gpus_allocated', type: 'recording' }] }];
const n1 = { instance: 'n1:8478', job: 'gpuwise', Hostname: 'n1' };
const n2 = { instance: 'n2:8478', job: 'gpuwise', Hostname: 'n2' };
const one = (value: number): Sample[] => [{ metric: {}, value }];

async function hoursOf(list: GpuHoursList, answers: Record<string, Sample[]>, rules: RawRuleGroup[] | Error = RULES, top = 10) {
  const client = fakePrometheus(answers, {}, [], rules);
  const result = await gpuHours(client, list, RANGE, top, AT, recordingOf(client, RANGE, AT));
  return { ...result, client };
}

describe('GPU-hours', () => {
  it('in the first rule interval: nodes the rules have not recorded come from raw series, the others add the raw part before the rules began', async () => {
    // One evaluation so far, a minute ago, when only n1 (8 GPUs held) had been scraped.
    const rawBefore = rawGpuHoursQuery('nodes', RANGE - 60 - STEP, null, STEP);
    const { entries, basis, client } = await hoursOf('nodes', {
      [recordedEvaluationsQuery(RANGE)]: one(1),
      [RECORDED_LAST_EVALUATION_QUERY]: one(AT - 60),
      [recordedSumQuery('nodes', RANGE)]: [{ metric: n1, value: 8 }],
      [recordedLastQuery('nodes')]: [{ metric: n1, value: 8 }],
      [rawBefore]: [{ metric: n1, value: 0.5 }, { metric: n2, value: 2 }],
    });
    // n1's recorded minute is 8 GPUs × 60 s — not 8 GPU-hours, as samples over samples-per-hour gave.
    expect(entries).toEqual([
      { key: { instance: 'n2:8478', Hostname: 'n2' }, gpuHours: 2, source: 'raw' },
      { key: { instance: 'n1:8478', Hostname: 'n1' }, gpuHours: 0.5 + (8 * 60) / 3600, source: 'mixed' },
    ]);
    expect(basis).toEqual({ recordedFrom: new Date((AT - 60) * 1000).toISOString(), rawSeconds: RANGE - 60 });
    // The raw part's last step (counted a step on) ends where the recording begins.
    expect(client.askedAt.get(rawBefore)).toBe(AT - 60 - STEP);
  });

  it("right after the rules start, counts the newest sample only until now: never more than a node's GPUs since its first scrape", async () => {
    // n1's 8 GPUs held since its first scrape 110 s ago; the rules evaluated 100 s and 40 s ago.
    // Two samples × 60 s would be 120 s each; the newest holds 40 s, so they cover 100 s.
    const rawBefore = rawGpuHoursQuery('nodes', RANGE - 100 - STEP, null, STEP);
    const { entries, basis, client } = await hoursOf('nodes', {
      [recordedEvaluationsQuery(RANGE)]: one(2),
      [RECORDED_LAST_EVALUATION_QUERY]: one(AT - 40),
      [recordedSumQuery('nodes', RANGE)]: [{ metric: n1, value: 16 }],
      [recordedLastQuery('nodes')]: [{ metric: n1, value: 8 }],
      // Prometheus's steps at AT-110 and AT-105, each counted 5 s.
      [rawBefore]: [{ metric: n1, value: (8 * 2 * STEP) / 3600 }],
    });
    expect(client.askedAt.get(rawBefore)).toBe(AT - 105);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.gpuHours).toBeCloseTo((8 * 100 + 8 * 10) / 3600, 10);
    expect(entries[0]!.gpuHours).toBeLessThanOrEqual((8 * 110) / 3600 + 1e-12);
    // The rules cover from their first evaluation, not from before the node was scraped.
    expect(basis).toEqual({ recordedFrom: new Date((AT - 100) * 1000).toISOString(), rawSeconds: RANGE - 100 });
  });

  it("lists users from raw series when the rules' first evaluations saw no process yet (a recorded 0 is not an answer)", async () => {
    const { entries, basis } = await hoursOf('users', {
      [recordedEvaluationsQuery(RANGE)]: one(3),
      [recordedSumQuery('users', RANGE)]: [{ metric: { user: 'alice' }, value: 0 }],
      [rawGpuHoursQuery('users', RANGE - 180 - STEP, null, STEP)]: [{ metric: { user: 'alice' }, value: 1.25 }, { metric: { user: 'bob', namespace: 'ml' }, value: 0 }],
    });
    expect(entries).toEqual([{ key: { user: 'alice' }, gpuHours: 1.25, source: 'raw' }]);
    expect(basis.recordedFrom).toBe(new Date((AT - 180) * 1000).toISOString());
  });

  it('takes the recording alone once it covers the range, cut to the top entries: no raw query', async () => {
    const { entries, basis, client } = await hoursOf('nodes', {
      [recordedEvaluationsQuery(RANGE)]: one(61),
      [recordedSumQuery('nodes', RANGE)]: [{ metric: n1, value: 210 }, { metric: n2, value: 420 }, { metric: { ...n2, instance: 'n3:8478' }, value: 60 }],
    }, RULES, 2);
    expect(entries.map((e) => [e.key.instance, e.gpuHours, e.source])).toEqual([['n2:8478', 7, 'recorded'], ['n1:8478', 3.5, 'recorded']]);
    expect(basis).toEqual({ recordedFrom: new Date((AT - RANGE) * 1000).toISOString(), rawSeconds: 0 });
    expect(client.asked.some((q) => q.includes('gpuwise_gpu_processes'))).toBe(false);
  });

  it('reads everything from raw series without the rules (or before their first evaluation)', async () => {
    const { entries, basis } = await hoursOf('users', {
      [rawGpuHoursQuery('users', RANGE, 5)]: [{ metric: { user: 'bob', namespace: 'ml' }, value: 2.5 }, { metric: { user: 'alice' }, value: 1 }, { metric: { user: 'carol' }, value: null }],
    }, [], 5);
    expect(entries).toEqual([{ key: { user: 'bob', namespace: 'ml' }, gpuHours: 2.5, source: 'raw' }, { key: { user: 'alice' }, gpuHours: 1 , source: 'raw' }]);
    expect(basis).toEqual({ recordedFrom: null, rawSeconds: RANGE });
  });

  it('without the rules API, takes the interval from the samples of the last hour', async () => {
    for (const rules of [new Error('404'), []]) {
      const { entries, basis } = await hoursOf('nodes', {
        [recordedEvaluationsQuery(RANGE)]: one(61),
        [recordedSumQuery('nodes', RANGE)]: [{ metric: n1, value: 240 }],
        [recordedPerHourQuery('nodes')]: one(60),
      }, rules);
      expect(entries).toEqual([{ key: { instance: 'n1:8478', Hostname: 'n1' }, gpuHours: 4, source: 'recorded' }]);
      expect(basis.rawSeconds).toBe(0);
    }
  });

  it('keeps two nodes of the same name in different jobs apart', async () => {
    const { entries } = await hoursOf('nodes', {
      [recordedEvaluationsQuery(RANGE)]: one(1),
      [recordedSumQuery('nodes', RANGE)]: [{ metric: n1, value: 60 }],
      [rawGpuHoursQuery('nodes', RANGE - 60 - STEP, null, STEP)]: [{ metric: { ...n1, job: 'dcgm' }, value: 4 }],
    });
    expect(entries.map((e) => [e.gpuHours, e.source])).toEqual([[4, 'raw'], [1, 'recorded']]);
  });
});
