// Conversions into the base units our field names promise (bytes, watts, seconds, percent).

export const BYTES_PER_KIB = 1024;
export const BYTES_PER_MIB = 1024 * 1024;
export const BYTES_PER_GIB = 1024 * 1024 * 1024;

export function mibToBytes(mib: number): number {
  return mib * BYTES_PER_MIB;
}

export function kibToBytes(kib: number): number {
  return kib * BYTES_PER_KIB;
}

export function milliwattsToWatts(milliwatts: number): number {
  return milliwatts / 1000;
}

export function millijoulesToJoules(millijoules: number): number {
  return millijoules / 1000;
}

/** NVML reports PCIe throughput in KB/s (1 KB = 1024 bytes per nvml.h). */
export function pcieKibPerSecondToBytes(kibPerSecond: number): number {
  return kibPerSecond * BYTES_PER_KIB;
}
