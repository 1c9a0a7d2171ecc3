// For the Prometheus client's tests: a real HTTP server on loopback, and the FleetError a call
// must end in.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { FleetError } from '../client.js';

export interface LoopbackServer {
  /** http://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

export async function serveOnLoopback(handler: http.RequestListener): Promise<LoopbackServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The FleetError `promise` rejects with (fails the test when it resolves or rejects otherwise). */
export async function fleetFailure(promise: Promise<unknown>): Promise<FleetError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(FleetError);
  return error as FleetError;
}
