// Short figures for a dense screen: "69.6/79.6G", "2.1 GiB/s", "662 W", "3h02m".

const KIB = 1024;
const MIB = KIB * 1024;
const GIB = MIB * 1024;
const TIB = GIB * 1024;

/** Bytes in the largest unit below 1024 of it, one decimal under 100: "69.6G", "512M", "1.2T". */
export function bytesShort(bytes: number): string {
  const abs = Math.abs(bytes);
  const [value, unit] = abs >= TIB ? [bytes / TIB, 'T'] : abs >= GIB ? [bytes / GIB, 'G'] : abs >= MIB ? [bytes / MIB, 'M'] : [bytes / KIB, 'K'];
  return `${Math.abs(value) >= 100 ? Math.round(value) : value.toFixed(1)}${unit}`;
}

/** "69.6/79.6G": used in the unit of the total, so the two read together. */
export function bytesPairShort(used: number, total: number): string {
  const unit = total >= TIB ? TIB : total >= GIB ? GIB : MIB;
  const suffix = unit === TIB ? 'T' : unit === GIB ? 'G' : 'M';
  const show = (n: number) => (n / unit >= 100 ? String(Math.round(n / unit)) : (n / unit).toFixed(1));
  return `${show(used)}/${show(total)}${suffix}`;
}

/** Bytes per second: "2.1G/s", "793M/s", "12K/s", "0/s". */
export function rateShort(bytesPerSecond: number): string {
  if (bytesPerSecond < 1) return '0/s';
  if (bytesPerSecond < KIB) return `${Math.round(bytesPerSecond)}B/s`;
  return `${bytesShort(bytesPerSecond)}/s`;
}

export function percentText(value: number): string {
  return `${Math.round(value)}%`;
}

export function wattsText(value: number): string {
  return `${Math.round(value)}W`;
}

/** Elapsed time, at most 6 columns: "12s", "4m05s", "2h13m", "3d04h", "412d". */
export function elapsedShort(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${two(s % 60)}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h${two(Math.floor((s % 3600) / 60))}m`;
  if (s < 100 * 86_400) return `${Math.floor(s / 86_400)}d${two(Math.floor((s % 86_400) / 3600))}h`;
  return `${Math.floor(s / 86_400)}d`;
}

/** Seconds as the help and header show a span or an interval: "250ms", "2s", "1.5s", "5min". */
export function secondsShort(seconds: number): string {
  if (seconds < 1) return `${Math.round(seconds * 1000)}ms`;
  if (seconds < 60 || seconds % 60 !== 0) return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)}s`;
  return `${seconds / 60}min`;
}
