// /api/v1/stream: samples as Server-Sent Events. A client that reads slower than the sampler
// writes (a phone on a bad link, a tab in the background) holds at most ONE pending sample: a
// newer one replaces it (coalesced), so memory per client is bounded whatever the client does.
// One write is in flight per client at a time; while it waits on the client, nothing queues
// behind it but that one pending sample.

import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { toSafeJson } from '../core/safe-text.js';
import type { Sample, Sampler } from '../monitor/sampler.js';
import { ApiError } from './errors.js';
import type { ServerEnv, StreamLimits } from './options.js';

export interface StreamClientStats {
  /** Samples waiting for this client: 0 or 1, never more. */
  pending: number;
  /** Samples sent. */
  sent: number;
  /** Samples replaced by a newer one before this client took them. */
  coalesced: number;
}

export interface StreamHub {
  open(c: Context<ServerEnv>): Response;
  clients(): StreamClientStats[];
  readonly maxClients: number;
  /** Ends every stream (server shutdown). */
  closeAll(): void;
}

interface Client {
  stats: StreamClientStats;
  pending: Sample | null;
  wake: (() => void) | null;
  closed: boolean;
  close(): void;
}

export function createStreamHub(sampler: Sampler, limits: StreamLimits): StreamHub {
  const clients = new Set<Client>();
  // One JSON text per sample, however many clients take it.
  let encoded: { sample: Sample; text: string } | null = null;
  const encode = (sample: Sample) => {
    if (encoded?.sample !== sample) encoded = { sample, text: toSafeJson(sample) };
    return encoded.text;
  };

  const run = async (stream: SSEStreamingApi, client: Client) => {
    // Reconnect after 2 s if the connection drops (EventSource's own default is 3 s).
    await stream.write('retry: 2000\n\n');
    while (!client.closed) {
      // Wait only when nothing is pending; what is sent is whatever is pending when the loop runs,
      // so a sample that replaced another during the wake-up is the one sent.
      if (client.pending === null && !(await wake(client, limits.heartbeatMs))) {
        if (!client.closed) await stream.write(': heartbeat\n\n');
        continue;
      }
      const sample = client.pending;
      if (client.closed || sample === null) continue;
      client.pending = null;
      client.stats.pending = 0;
      await stream.writeSSE({ event: 'sample', id: String(sample.seq), data: encode(sample) });
      client.stats.sent++;
    }
  };

  return {
    maxClients: limits.maxClients,
    open(c) {
      if (clients.size >= limits.maxClients) {
        throw new ApiError(503, 'serve.api.tooManyStreams', { max: limits.maxClients }, undefined, { 'retry-after': '5' });
      }
      let stop = () => {};
      const client: Client = {
        stats: { pending: 0, sent: 0, coalesced: 0 },
        pending: null,
        wake: null,
        closed: false,
        close() {
          if (client.closed) return;
          client.closed = true;
          client.pending = null;
          client.stats.pending = 0;
          clients.delete(client);
          unsubscribe();
          client.wake?.();
          stop();
        },
      };
      const offer = (sample: Sample) => {
        if (client.pending !== null) client.stats.coalesced++;
        client.pending = sample;
        client.stats.pending = 1;
        client.wake?.();
      };
      const unsubscribe = sampler.subscribe(offer);
      clients.add(client);
      const latest = sampler.latest();
      if (latest) offer(latest);
      c.header('x-accel-buffering', 'no'); // nginx: pass events on as they come
      return streamSSE(c, async (stream) => {
        // Aborting (not closing) frees a write that waits on a client which never reads.
        stop = () => stream.abort();
        // The client went away (tab closed, fetch aborted): drop its subscription at once.
        stream.onAbort(() => client.close());
        try {
          await run(stream, client);
        } finally {
          client.close();
        }
      });
    },
    clients: () => [...clients].map((client) => ({ ...client.stats })),
    closeAll() {
      for (const client of [...clients]) client.close();
    },
  };
}

/** Resolves true when a sample (or the close) wakes the client, false when the heartbeat is due. */
function wake(client: Client, heartbeatMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.wake = null;
      resolve(false);
    }, heartbeatMs);
    client.wake = () => {
      clearTimeout(timer);
      client.wake = null;
      resolve(true);
    };
  });
}
