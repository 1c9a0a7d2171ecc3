// Date#toISOString's text, built from the UTC getters. V8's own toISOString costs a process
// ~0.9 MiB of RSS the first time it runs (`new Date(0).toISOString()` peaks 0.9 MiB above
// `node -e 0`; the getters below cost nothing measurable): a one-shot `gpuwise info --json`, whose
// snapshot carries a time, paid it on every run (docs/benchmarks.md, "Round four").

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** What `date.toISOString()` returns, for every date; throws the same RangeError for an invalid one. */
export function isoTime(date: Date): string {
  const year = date.getUTCFullYear();
  // Years outside 0000–9999 take a sign and six digits, and an invalid date throws: V8's own.
  if (!(year >= 0 && year <= 9999)) return date.toISOString();
  const day = `${pad(year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${day}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}Z`;
}
