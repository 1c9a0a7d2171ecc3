// For tests: a Prometheus client that answers each query from a table, and records what it was
// asked (in order, instant and range queries together).

import type { PrometheusClient, RangeSeries, RawAlert, RawRuleGroup, Sample } from '../client.js';

export interface FakePrometheus extends PrometheusClient {
  readonly asked: string[];
  /** The evaluation time of each instant query, by expression (the last one asked). */
  readonly askedAt: Map<string, number | undefined>;
}

export function fakePrometheus(instant: Record<string, Sample[]>, ranges: Record<string, RangeSeries[]> = {}, alerts: RawAlert[] = [], rules: RawRuleGroup[] | Error = []): FakePrometheus {
  const asked: string[] = [];
  const askedAt = new Map<string, number | undefined>();
  return {
    url: 'http://prom:9090',
    asked,
    askedAt,
    async query(expr, at) {
      asked.push(expr);
      askedAt.set(expr, at);
      return instant[expr] ?? [];
    },
    async queryRange(expr) {
      asked.push(expr);
      return ranges[expr] ?? [];
    },
    async alerts() {
      return alerts;
    },
    async rules() {
      if (rules instanceof Error) throw rules;
      return rules;
    },
  };
}
