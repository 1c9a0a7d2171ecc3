// For tests: a Prometheus client that answers each query from a table, and records what it was
// asked (in order, instant and range queries together).

import type { PrometheusClient, RangeSeries, RawAlert, Sample } from '../client.js';

export interface FakePrometheus extends PrometheusClient {
  readonly asked: string[];
}

export function fakePrometheus(instant: Record<string, Sample[]>, ranges: Record<string, RangeSeries[]> = {}, alerts: RawAlert[] = []): FakePrometheus {
  const asked: string[] = [];
  return {
    url: 'http://prom:9090',
    asked,
    async query(expr) {
      asked.push(expr);
      return instant[expr] ?? [];
    },
    async queryRange(expr) {
      asked.push(expr);
      return ranges[expr] ?? [];
    },
    async alerts() {
      return alerts;
    },
  };
}
