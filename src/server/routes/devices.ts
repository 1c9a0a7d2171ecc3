// Which GPUs the server knows: those in the latest sample (live) and those the store saw before
// (a GPU that fell off the bus is still in its history). A client names one by its key (UUID, or
// pci:/index: where the GPU has none), by its index, or `host` for the host's history.

import type { Context } from 'hono';
import { safeText } from '../../core/safe-text.js';
import type { DeviceState } from '../../core/snapshot.js';
import { deviceKey } from '../../monitor/history.js';
import type { Sample } from '../../monitor/sampler.js';
import type { HistoryStore, StoredDevice } from '../../store/types.js';
import { isStoreError } from '../../store/errors.js';
import { ApiError } from '../errors.js';
import type { ServerEnv } from '../options.js';

export interface DeviceEntry {
  key: string;
  index: number;
  uuid: string | null;
  name: string | null;
  pciBusId: string | null;
  memoryTotalBytes: number | null;
  /** In the latest sample. */
  live: boolean;
  /** null when not live. */
  state: DeviceState | null;
  /** From the store; null without one or before its first write. */
  firstSeenMs: number | null;
  lastSeenMs: number | null;
}

export function deviceEntries(latest: Sample | null, stored: readonly StoredDevice[]): DeviceEntry[] {
  const byKey = new Map<string, DeviceEntry>();
  for (const device of latest?.snapshot.devices ?? []) {
    const key = deviceKey(device);
    byKey.set(key, {
      key, index: device.index, uuid: device.uuid, name: device.name, pciBusId: device.pciBusId,
      memoryTotalBytes: device.memoryTotalBytes, live: true, state: device.state, firstSeenMs: null, lastSeenMs: null,
    });
  }
  for (const device of stored) {
    const live = byKey.get(device.key);
    if (live) Object.assign(live, { firstSeenMs: device.firstSeenMs, lastSeenMs: device.lastSeenMs });
    else byKey.set(device.key, { ...device, live: false, state: null });
  }
  return [...byKey.values()].sort((a, b) => Number(b.live) - Number(a.live) || a.index - b.index);
}

/** The key a client's `device` names; `host` stays `host`. A bare index prefers the live GPU. */
export function resolveDevice(text: string, entries: readonly DeviceEntry[], allowHost: boolean): string {
  const name = text.trim();
  if (allowHost && name === 'host') return 'host';
  const byKey = entries.find((entry) => entry.key === name || (entry.uuid !== null && entry.uuid.toLowerCase() === name.toLowerCase()));
  if (byKey) return byKey.key;
  if (/^\d{1,4}$/.test(name)) {
    const byIndex = entries.find((entry) => entry.index === Number(name));
    if (byIndex) return byIndex.key;
  }
  // Where host is not a device (events, processes), the message must not offer it.
  const key = allowHost ? 'serve.api.badDevice' : 'serve.api.badGpu';
  throw new ApiError(400, key, { device: safeText(name.slice(0, 120)) }, { parameter: 'device', known: entries.map((e) => e.key) });
}

/**
 * A store call whose failure (a locked or damaged file) is an answer that says so, in the
 * client's language, not a crash: the store's own errors carry a message key.
 */
export function fromStore<T>(c: Context<ServerEnv>, store: HistoryStore | null, read: (store: HistoryStore) => T): T {
  if (store === null) throw new ApiError(503, 'serve.api.noStore');
  try {
    return read(store);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isStoreError(error)) {
      const status = error.code === 'busy' ? 503 : error.code === 'unknown-metric' || error.code === 'bad-query' ? 400 : 500;
      throw new ApiError(status, 'serve.api.storeFailed', { reason: c.var.t(error.key, error.params) }, { store: { code: error.code, key: error.key } });
    }
    const reason = safeText(error instanceof Error ? error.message : String(error)).slice(0, 300);
    throw new ApiError(500, 'serve.api.storeFailed', { reason });
  }
}

/** Stored devices, or none when there is no store or it cannot answer (live data still serves). */
export function storedDevices(store: HistoryStore | null): StoredDevice[] {
  if (store === null) return [];
  try {
    return store.devices();
  } catch {
    return [];
  }
}
