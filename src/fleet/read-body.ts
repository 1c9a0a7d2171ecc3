// A Prometheus answer's body, read with a cap: a proxy or a wrong URL can stream gigabytes, and
// response.json() would hold all of it (several queries run side by side) before failing.

import { FleetError } from './errors.js';

/** More than any summary's answer (a 90-day range at 720 steps for thousands of series). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

const isTimeout = (error: unknown) => {
  const name = (error as Error | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
};

/** The parsed JSON body, or undefined when it is not JSON. Throws FleetError: timeout, tooLarge. */
export async function readJsonBody(response: Response, limits: { url: string; maxBytes: number; timeoutSeconds: number }): Promise<unknown> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new FleetError('fleet.error.tooLarge', { url: limits.url, megabytes: limits.maxBytes / 2 ** 20 });
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    if (response.body) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > limits.maxBytes) {
          await response.body.cancel().catch(() => undefined);
          throw new FleetError('fleet.error.tooLarge', { url: limits.url, megabytes: limits.maxBytes / 2 ** 20 });
        }
        chunks.push(chunk);
      }
    }
  } catch (error) {
    if (error instanceof FleetError) throw error;
    // The request's timeout covers the body too: a server that drips bytes is one that did not answer.
    if (isTimeout(error)) throw new FleetError('fleet.error.timeout', { url: limits.url, seconds: limits.timeoutSeconds });
    const cause = (error as { cause?: { code?: string }; code?: string } | null);
    throw new FleetError('fleet.error.unreachable', { url: limits.url, detail: cause?.cause?.code ?? cause?.code ?? 'ECONNRESET' });
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
