// The one gate between outside text and the screen. Every text renderer (info today, top and
// the page later) takes what it shows through `safeView` first: process names and command lines
// (which any local user controls through their argv), every driver string (GPU name, UUID, bus
// id, versions, serial, MIG names), host and user names, backend details and problem messages.
// After it no string holds a control, bidi or zero-width character, so the width maths in
// format.ts sees exactly the columns the terminal will draw.

import { safeText } from '../../core/safe-text.js';

/**
 * Fields that carry a tool's prose (nvidia-smi's stderr, an NVML error text): their line breaks
 * are layout, not content, so they become spaces before the rest is escaped. Everywhere else a
 * line break is shown as `\n` — in a process name it is evidence of a forged row.
 */
const PROSE_KEYS: ReadonlySet<string> = new Set(['message', 'detail', 'stateDetail']);

/** Prose on one line: line breaks and the blanks around them become one space, then escaped. */
export function safeLine(text: string): string {
  // split + trim rather than one regex over whitespace runs: linear on any input.
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length === 1) return safeText(text);
  return safeText(lines.map((line) => line.trim()).filter((line) => line !== '').join(' '));
}

/**
 * `value` with every string in it made safe to print (see safeText), structure unchanged. Objects
 * and arrays holding nothing unsafe are returned as they are, so a clean snapshot costs one walk
 * and no copies.
 */
export function safeView<T>(value: T): T {
  return viewOf(value, false) as T;
}

function viewOf(value: unknown, prose: boolean): unknown {
  if (typeof value === 'string') return prose ? safeLine(value) : safeText(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return arrayView(value, prose);
  return objectView(value as Record<string, unknown>);
}

/** Numbers, booleans, null: nothing to escape (most of a snapshot; skipped without a call). */
function plain(value: unknown): boolean {
  return typeof value !== 'string' && (value === null || typeof value !== 'object');
}

function arrayView(items: readonly unknown[], prose: boolean): unknown[] | readonly unknown[] {
  let copy: unknown[] | null = null;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (plain(item)) continue;
    const shown = viewOf(item, prose);
    if (shown !== item) {
      copy ??= items.slice();
      copy[i] = shown;
    }
  }
  return copy ?? items;
}

function objectView(record: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  // for-in, not Object.keys: no array of keys per object (`top` walks ~1,000 objects a frame).
  for (const key in record) {
    const item = record[key];
    if (plain(item) || !Object.hasOwn(record, key)) continue;
    const shown = viewOf(item, PROSE_KEYS.has(key));
    if (shown !== item) {
      copy ??= { ...record };
      copy[key] = shown;
    }
  }
  return copy ?? record;
}
