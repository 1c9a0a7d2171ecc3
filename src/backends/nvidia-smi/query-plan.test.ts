import { describe, expect, it } from 'vitest';
import type { ExecResult } from '../../system/exec.js';
import type { QueryField } from './fields.js';
import { QueryPlan, runPlannedQuery } from './query-plan.js';

const FIELDS: QueryField<'a' | 'b' | 'c'>[] = [
  { key: 'a', query: ['a.new', 'a.old'], core: true },
  { key: 'b', query: ['b'], core: false },
  { key: 'c', query: ['c'], core: true },
];

const reject = (field: string): ExecResult => ({
  kind: 'exited',
  exitCode: 2,
  stdout: `Field "${field}" is not a valid field to query.\n\n`,
  stderr: '',
  truncated: false,
  durationMs: 1,
});
const accept: ExecResult = { kind: 'exited', exitCode: 0, stdout: 'a\n1\n', stderr: '', truncated: false, durationMs: 1 };

describe('QueryPlan', () => {
  it('starts with each field’s preferred name', () => {
    expect(new QueryPlan(FIELDS).names()).toEqual(['a.new', 'b', 'c']);
  });

  it('moves a rejected field to its next name, then drops it', () => {
    const plan = new QueryPlan(FIELDS);
    expect(plan.reject('a.new')).toBe(true);
    expect(plan.names()).toEqual(['a.old', 'b', 'c']);
    expect(plan.reject('a.old')).toBe(true);
    expect(plan.names()).toEqual(['b', 'c']);
    expect(plan.rejected()).toEqual(['a.new', 'a.old']);
  });

  it('accepts the same rejection twice (two queries in flight) but not a name it never had', () => {
    const plan = new QueryPlan(FIELDS);
    expect(plan.reject('b')).toBe(true);
    expect(plan.reject('b')).toBe(true);
    expect(plan.reject('zzz')).toBe(false);
  });

  it('falls back to core fields once', () => {
    const plan = new QueryPlan(FIELDS);
    expect(plan.coreOnly()).toBe(true);
    expect(plan.names()).toEqual(['a.new', 'c']);
    expect(plan.coreOnly()).toBe(false);
  });
});

describe('runPlannedQuery', () => {
  it('asks again without each rejected name until the driver accepts', async () => {
    const plan = new QueryPlan(FIELDS);
    const asked: string[][] = [];
    const answers = [reject('a.new'), reject('b'), accept];
    const result = await runPlannedQuery(plan, async (names) => {
      asked.push([...names]);
      return answers.shift()!;
    });
    expect(asked).toEqual([
      ['a.new', 'b', 'c'],
      ['a.old', 'b', 'c'],
      ['a.old', 'c'],
    ]);
    expect(result).toEqual({ outcome: { kind: 'csv', text: 'a\n1\n', deviceErrors: [] }, asked: ['a.old', 'c'] });
  });

  it('stops when no field is left', async () => {
    const plan = new QueryPlan([{ key: 'x', query: ['x'], core: true }]);
    const result = await runPlannedQuery(plan, async () => reject('x'));
    expect(result.outcome).toEqual({ kind: 'failed', code: 'command-failed', detail: 'the driver accepted none of the query fields' });
  });
});
