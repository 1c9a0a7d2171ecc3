// Which numbers the sampler keeps history of, derived from the one field table (core/fields.ts):
// every device field that changes (gauges, counters, states — not identity), the throttle shares
// flattened, and the host's essentials. The rings, /metrics and the TUI read these lists.

import { DEVICE_NUMERIC_FIELDS, THROTTLE_PERCENT_META, type DeviceNumericField, type NumericFieldMeta } from '../core/fields.js';
import type { GpuDevice, HostSummary, ThrottleTimePercent } from '../core/snapshot.js';

export interface Column<Row> {
  name: string;
  meta: NumericFieldMeta;
  /** Float64 where float32's 24-bit mantissa would lose a visible digit (bytes, joules). */
  wide: boolean;
  read(row: Row): number | null;
}

const WIDE_UNITS = new Set<NumericFieldMeta['unit']>(['bytes', 'bytes-per-second', 'joules', 'count']);

function column<Row>(name: string, meta: NumericFieldMeta, read: (row: Row) => number | null): Column<Row> {
  return { name, meta, wide: WIDE_UNITS.has(meta.unit), read };
}

const THROTTLE_CAUSES = ['power', 'thermal', 'syncBoost', 'boardLimit', 'lowUtilization', 'reliability'] as const satisfies readonly (keyof ThrottleTimePercent)[];

export const DEVICE_COLUMNS: readonly Column<GpuDevice>[] = [
  ...(Object.entries(DEVICE_NUMERIC_FIELDS) as [keyof typeof DEVICE_NUMERIC_FIELDS, NumericFieldMeta][])
    .filter(([, meta]) => meta.kind !== 'identity')
    .map(([field, meta]) => column<GpuDevice>(field, meta, (device) => device[field])),
  ...THROTTLE_CAUSES.map((cause) =>
    column<GpuDevice>(`throttleTimePercent.${cause}`, THROTTLE_PERCENT_META, (device) => device.throttleTimePercent?.[cause] ?? null),
  ),
];

const HOST_PERCENT: NumericFieldMeta = { kind: 'gauge', unit: 'percent', min: 0, max: 100 };
const HOST_BYTES: NumericFieldMeta = { kind: 'gauge', unit: 'bytes', min: 0, max: 2 ** 53 };
const HOST_LOAD: NumericFieldMeta = { kind: 'gauge', unit: 'count', min: 0, max: 1e6 };

export const HOST_COLUMNS: readonly Column<HostSummary>[] = [
  column<HostSummary>('cpuUtilPercent', HOST_PERCENT, (host) => host.cpuUtilPercent),
  column<HostSummary>('memoryUsedBytes', HOST_BYTES, (host) => host.memoryUsedBytes),
  column<HostSummary>('memoryAvailableBytes', HOST_BYTES, (host) => host.memoryAvailableBytes),
  column<HostSummary>('swapUsedBytes', HOST_BYTES, (host) => host.swapUsedBytes),
  column<HostSummary>('loadAverage1m', HOST_LOAD, (host) => host.loadAverage1m),
];

/**
 * The names of the device columns, for `window()`: a little wider than DEVICE_COLUMNS, whose filter
 * on the field's kind the type cannot see, so the identity fields (fixed per GPU, such as
 * memoryTotalBytes) type-check but are not kept, and are turned down by checkColumnNames.
 */
export type DeviceColumnName = DeviceNumericField | `throttleTimePercent.${(typeof THROTTLE_CAUSES)[number]}`;

const DEVICE_COLUMN_NAMES: ReadonlySet<string> = new Set(DEVICE_COLUMNS.map((column) => column.name));

/** Throws a RangeError naming the columns kept when one asked for is none of them (it came back as nothing). */
export function checkColumnNames(columns: readonly string[] | undefined): void {
  if (columns === undefined) return;
  const unknown = columns.filter((name) => !DEVICE_COLUMN_NAMES.has(name));
  if (unknown.length === 0) return;
  const shown = unknown.map((name) => (typeof name === 'string' ? JSON.stringify(name) : String(name))).join(', ');
  throw new RangeError(`no history column ${shown}: the columns kept are ${[...DEVICE_COLUMN_NAMES].join(', ')}`);
}
