// Dotted version numbers ("535.104.05", "12.8", "2.5.1+cu121") compared numerically.

// No real version part has more than a handful of digits; a 40-digit one would compare as
// Infinity (and Infinity − Infinity is NaN), so such a "version" is none.
const MAX_PART_DIGITS = 9;

/**
 * The numeric parts of a version, ignoring a local suffix (+cu121) or pre-release tag; null if
 * none, or when a part has more than MAX_PART_DIGITS digits (every part is then a safe integer).
 */
export function parseVersion(text: string | null | undefined): number[] | null {
  if (!text) return null;
  const match = text.trim().match(/^v?(\d+(?:\.\d+)*)/);
  if (!match?.[1]) return null;
  const parts = match[1].split('.');
  if (parts.some((part) => part.length > MAX_PART_DIGITS)) return null;
  return parts.map((part) => Number.parseInt(part, 10));
}

/** `text` when it starts with a version `parseVersion` can read, else null: for probe parsers. */
export function plausibleVersion(text: string | null | undefined): string | null {
  return text && parseVersion(text) ? text : null;
}

/** <0, 0 or >0 like a sort comparator; missing parts count as 0 ("12.8" equals "12.8.0"). */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a) ?? [];
  const right = parseVersion(b) ?? [];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function versionAtLeast(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0;
}

/** "12.8.61" → "12.8"; null when there is no major.minor. */
export function majorMinor(version: string | null | undefined): string | null {
  const parts = parseVersion(version);
  if (!parts || parts.length < 2) return null;
  return `${parts[0]}.${parts[1]}`;
}

export function majorOf(version: string | null | undefined): number | null {
  return parseVersion(version)?.[0] ?? null;
}

/** A driver's branch, R535 for "535.104.05". */
export function driverBranch(driverVersion: string | null | undefined): number | null {
  return majorOf(driverVersion);
}
