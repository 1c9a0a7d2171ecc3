// Query strings, validated with zod and refused with a 400 that names the parameter and says why.
// Every route's schema is strict: a misspelt parameter (`metrics=` for `metric=`) is an error,
// not silently the default. `lang` is read by the locale middleware and allowed everywhere.

import { z } from 'zod';
import { safeText } from '../core/safe-text.js';
import type { MessageKey } from '../i18n/index.js';
import { ApiError } from './errors.js';

/** What a custom zod issue carries: the message's placeholders, and the answer's details where they differ (a list as an array). */
interface RefusalParams {
  message: Record<string, string | number>;
  details?: Record<string, unknown>;
}

/** A custom zod issue carries our message key as its message and the key's placeholders (and details) as params. */
export function refuse(ctx: z.RefinementCtx, key: MessageKey, params: Record<string, string | number> = {}, details?: Record<string, unknown>): typeof z.NEVER {
  const carried: RefusalParams = { message: params, ...(details && { details }) };
  ctx.addIssue({ code: 'custom', message: key, params: carried as unknown as Record<string, unknown> });
  return z.NEVER;
}

export function parseQuery<Shape extends z.ZodRawShape>(url: URL, shape: Shape): z.output<z.ZodObject<Shape>> {
  const raw: Record<string, string> = {};
  let langSeen = false;
  for (const [name, value] of url.searchParams) {
    // lang is read by the locale middleware, not by the routes; twice is as ambiguous as any other.
    const twice = name === 'lang' ? langSeen : Object.hasOwn(raw, name);
    if (twice) throw new ApiError(400, 'serve.api.duplicateParameter', { parameter: shown(name) }, { parameter: name });
    if (name === 'lang') langSeen = true;
    else raw[name] = value;
  }
  const result = z.strictObject(shape).safeParse(raw);
  if (result.success) return result.data;
  throw issueError(result.error.issues[0], raw, Object.keys(shape));
}

/** A client's parameter name as a message shows it: escaped, bounded (details keep it as sent). */
function shown(name: string): string {
  return safeText(name.slice(0, 64));
}

function issueError(issue: z.core.$ZodIssue | undefined, raw: Record<string, string>, allowed: string[]): ApiError {
  if (issue?.code === 'unrecognized_keys') {
    const parameter = issue.keys[0] ?? '';
    const known = [...allowed, 'lang'].join(', ');
    return new ApiError(400, 'serve.api.unknownParameter', { parameter: shown(parameter), known }, { parameter, known: [...allowed, 'lang'] });
  }
  const parameter = String(issue?.path[0] ?? '');
  if (!Object.hasOwn(raw, parameter)) return new ApiError(400, 'serve.api.missingParameter', { parameter }, { parameter });
  if (issue?.code === 'custom') {
    const carried = issue.params as RefusalParams | undefined;
    const params = { parameter, ...carried?.message };
    return new ApiError(400, issue.message as MessageKey, params, { ...params, ...carried?.details, value: raw[parameter] });
  }
  return new ApiError(400, 'serve.api.badParameter', { parameter }, { parameter, value: raw[parameter] });
}

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const RELATIVE = /^-(\d{1,9}(?:\.\d{1,3})?)(ms|s|m|h|d|w)$/;
const EPOCH_MS = /^\d{1,16}$/;
/** A date, or a date and time with a zone: a time without one would read in the server's zone, unseen by the client. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;
/** ECMAScript's time range (±8.64e15 ms); we only accept times after the epoch. */
const MAX_TIME_MS = 8.64e15;

/**
 * A time as a client writes it: `now`, milliseconds since the epoch (`1764590400000`), ISO 8601
 * (`2026-12-01`, `2026-12-01T12:00:00Z`, `…+08:00`), or relative to now (`-90s`, `-15m`, `-1h`,
 * `-7d`, `-2w`). null when it is none of these.
 */
export function parseTime(text: string, nowMs: number): number | null {
  const value = text.trim();
  if (value === 'now') return nowMs;
  const relative = RELATIVE.exec(value);
  if (relative) return nowMs - Number(relative[1]) * UNIT_MS[relative[2]!]!;
  if (EPOCH_MS.test(value)) {
    const ms = Number(value);
    return ms <= MAX_TIME_MS ? ms : null;
  }
  const iso = ISO.exec(value);
  if (!iso || !calendarFieldsExist(iso)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/**
 * Date.parse moves an impossible day on (2026-02-30 reads as 03-02) and reads 24:00 as the next
 * midnight: the date and time as written must come back unchanged from the calendar. (Years
 * before 100 fail here too; they are before the epoch, refused anyway.)
 */
function calendarFieldsExist(iso: RegExpExecArray): boolean {
  const field = (group: number) => Number(iso[group] ?? 0);
  const year = field(1), month = field(2), day = field(3), hour = field(4), minute = field(5), second = field(6);
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    wall.getUTCFullYear() === year && wall.getUTCMonth() === month - 1 && wall.getUTCDate() === day &&
    wall.getUTCHours() === hour && wall.getUTCMinutes() === minute && wall.getUTCSeconds() === second
  );
}

export function timeParam(now: () => number) {
  return z.string().transform((value, ctx) => parseTime(value, now()) ?? refuse(ctx, 'serve.api.badTime'));
}

export function integerParam(min: number, max: number) {
  return z.string().transform((value, ctx) => {
    // Digits only, as sent: ` 5` (or `+5`, a space in a query) is not a whole number.
    const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    return n >= min && n <= max ? n : refuse(ctx, 'serve.api.badInteger', { min, max });
  });
}

/** Why a comma list was refused: the message key and its placeholders, and the answer's details (`known` as an array). */
export interface ListRefusal {
  key: MessageKey;
  params: Record<string, string | number>;
  details: Record<string, unknown>;
}

/** A comma list of names from `known`, duplicates dropped, order kept; a message key (with {name}, {known}) for an unknown one. */
export function pickNames(value: string, known: readonly string[], key: MessageKey, maxItems = 64): { names: string[] } | ListRefusal {
  const items = value.split(',').map((name) => name.trim());
  if (items.every((name) => name === '')) return { key: 'serve.api.emptyList', params: {}, details: {} };
  // `a,,b` or `a,` is a list written wrong (a name left out?), not a shorter list.
  if (items.includes('')) return { key: 'serve.api.emptyListItem', params: {}, details: {} };
  const names = [...new Set(items)];
  if (names.length > maxItems) return { key: 'serve.api.tooManyItems', params: { max: maxItems }, details: { max: maxItems } };
  const allowed = new Set(known);
  const unknown = names.find((name) => !allowed.has(name));
  if (unknown === undefined) return { names };
  const name = unknown.slice(0, 120);
  // The message shows the list joined; details keep it a list, as every 400's `known` is.
  return { key, params: { name: safeText(name), known: known.join(', ') }, details: { name, known: [...known] } };
}

export function listParam(known: readonly string[], key: MessageKey, maxItems = 64) {
  return z.string().transform((value, ctx) => {
    const picked = pickNames(value, known, key, maxItems);
    return 'names' in picked ? picked.names : refuse(ctx, picked.key, picked.params, { ...picked.params, ...picked.details });
  });
}

/** from/to with defaults (to = now, from = to − spanMs), refused when from is after to. */
export function timeRange(query: { from?: number | undefined; to?: number | undefined }, nowMs: number, spanMs: number): { fromMs: number; toMs: number } {
  const toMs = query.to ?? nowMs;
  const fromMs = query.from ?? toMs - spanMs;
  if (fromMs > toMs) throw new ApiError(400, 'serve.api.badRange', {}, { parameter: 'from', fromMs, toMs });
  return { fromMs, toMs };
}
