// Text as SQLite keeps it. SQLite stores TEXT as UTF-8, which cannot hold a lone UTF-16
// surrogate (a Windows process name can have one): it would come back as U+FFFD. Such a string
// is stored as a UTF-16LE BLOB instead, so every string reads back exactly as it was written;
// control characters, quotes and NUL survive as TEXT already.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function textIn(value: string | null): string | Buffer | null {
  if (value === null) return null;
  return LONE_SURROGATE.test(value) ? Buffer.from(value, 'utf16le') : value;
}

export function textOut(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf16le');
  return null;
}
