// Which query names to send this driver. nvidia-smi rejects the whole query when one field is
// unknown ('Field "x" is not a valid field to query.'), so the plan starts with every field's
// preferred name and, each time the driver names a field it rejects, moves that field to its next
// name or drops it, and asks again. The first successful run fixes the plan for the session.

import type { QueryField } from './fields.js';
import { classifyQuery, type QueryOutcome } from './outcome.js';
import type { ExecResult } from '../../system/exec.js';

export class QueryPlan<Key extends string> {
  private readonly remaining = new Map<Key, string[]>();
  private readonly rejectedNames = new Set<string>();

  constructor(private readonly fields: readonly QueryField<Key>[]) {
    for (const field of fields) this.remaining.set(field.key, [...field.query]);
  }

  /** The names to ask for now, in table order. */
  names(): string[] {
    return [...this.remaining.values()].flatMap((names) => names.slice(0, 1));
  }

  /** Names the driver rejected so far. */
  rejected(): string[] {
    return [...this.rejectedNames];
  }

  /** Drops a name the driver rejected; false when the name is none of ours. */
  reject(name: string): boolean {
    if (this.rejectedNames.has(name)) return true; // a concurrent query already dropped it
    for (const names of this.remaining.values()) {
      const at = names.indexOf(name);
      if (at < 0) continue;
      names.splice(at, 1);
      this.rejectedNames.add(name);
      return true;
    }
    return false;
  }

  /** Falls back to the fields every supported driver knows; false when it already has. */
  coreOnly(): boolean {
    let changed = false;
    for (const field of this.fields) {
      if (field.core || !this.remaining.get(field.key)?.length) continue;
      this.remaining.set(field.key, []);
      changed = true;
    }
    return changed;
  }
}

export interface PlannedQuery {
  outcome: QueryOutcome;
  /** The names the final run asked for, in order. */
  asked: string[];
}

/** Runs the query, narrowing the plan until the driver accepts every field or nothing is left. */
export async function runPlannedQuery<Key extends string>(
  plan: QueryPlan<Key>,
  run: (names: readonly string[]) => Promise<ExecResult>,
): Promise<PlannedQuery> {
  for (;;) {
    const asked = plan.names();
    if (asked.length === 0) {
      return { outcome: { kind: 'failed', code: 'command-failed', detail: 'the driver accepted none of the query fields' }, asked };
    }
    const outcome = classifyQuery(await run(asked));
    if (outcome.kind !== 'invalid-field') return { outcome, asked };
    // A name we did not send (a message format we do not know): retry once with the core fields.
    if (plan.reject(outcome.field) || plan.coreOnly()) continue;
    return { outcome: { kind: 'failed', code: 'command-failed', detail: outcome.detail }, asked };
  }
}
