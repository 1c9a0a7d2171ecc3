// A small reader for XML property lists (`system_profiler -xml`): dict, array, key, string,
// integer, real, true, false, date, data. No DTD is read and no entity but XML's five and
// numeric references is expanded, so "billion laughs" stays a few bytes; nesting is bounded.

import { VendorParseError } from '../vendor-common/reading.js';

export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

const MAX_DEPTH = 64;
const TOKEN = /<(\/?)([a-z]+)(?:\s[^>]*?)?(\/?)>|<\?[^>]*\?>|<!DOCTYPE[^>[]*>|<!--[\s\S]*?-->|([^<]+)/gy;

function decode(text: string, format: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (lower in named) return named[lower]!;
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : lower.startsWith('#') ? Number(lower.slice(1)) : NaN;
    if (Number.isInteger(code) && code >= 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    throw new VendorParseError('vendors.parse.notFormat', { format: `${format} (entity ${whole})` });
  });
}

export function parsePlist(text: string, format: string): PlistValue {
  const fail = (): never => {
    throw new VendorParseError('vendors.parse.notFormat', { format });
  };
  // Internal DTD subsets are where entity bombs live; a real plist never has one.
  if (/<!DOCTYPE[^>]*\[/i.test(text) || /<!ENTITY/i.test(text)) fail();
  TOKEN.lastIndex = 0;
  type Frame = { kind: 'dict'; value: Record<string, PlistValue>; key: string | null } | { kind: 'array'; value: PlistValue[] } | { kind: 'plist'; value: PlistValue | null };
  const stack: Frame[] = [];
  let scalar: { tag: string; text: string } | null = null;
  let root: PlistValue | null = null;
  const put = (value: PlistValue) => {
    const top = stack[stack.length - 1];
    if (!top) return fail();
    if (top.kind === 'array') top.value.push(value);
    else if (top.kind === 'dict') {
      if (top.key === null) fail();
      top.value[top.key!] = value;
      top.key = null;
    } else top.value = value;
  };
  let match: RegExpExecArray | null;
  while (TOKEN.lastIndex < text.length && (match = TOKEN.exec(text)) !== null) {
    const [, closing, tag, selfClosing, body] = match;
    if (body !== undefined) {
      if (scalar) scalar.text += body;
      continue;
    }
    if (!tag) continue;
    if (!closing && selfClosing) {
      if (tag === 'true' || tag === 'false') put(tag === 'true');
      else if (tag === 'dict') put({});
      else if (tag === 'array') put([]);
      else if (tag === 'string') put('');
      continue;
    }
    if (!closing) {
      if (stack.length > MAX_DEPTH) fail();
      if (tag === 'plist') stack.push({ kind: 'plist', value: null });
      else if (tag === 'dict') stack.push({ kind: 'dict', value: {}, key: null });
      else if (tag === 'array') stack.push({ kind: 'array', value: [] });
      else scalar = { tag, text: '' };
      continue;
    }
    if (scalar && scalar.tag === tag) {
      const textValue = decode(scalar.text, format);
      scalar = null;
      const top = stack[stack.length - 1];
      if (tag === 'key') {
        if (top?.kind !== 'dict') fail();
        (top as { key: string | null }).key = textValue;
      } else if (tag === 'integer' || tag === 'real') put(Number(textValue.trim()));
      else put(textValue);
      continue;
    }
    const frame = stack.pop();
    if (!frame || (frame.kind !== tag && !(frame.kind === 'plist' && tag === 'plist'))) fail();
    if (frame!.kind === 'plist') root = frame!.value;
    else put(frame!.value);
  }
  if (root === null) fail();
  return root!;
}
