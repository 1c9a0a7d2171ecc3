// PCIe link attributes as Linux writes them in sysfs (drivers/pci/pci-sysfs.c):
// current_link_speed / max_link_speed read "16.0 GT/s PCIe" (kernels before 5.x: "16 GT/s"),
// "Unknown" (older: "Unknown speed") when the link is down or the speed is reserved;
// current_link_width / max_link_width read a lane count ("16").

/** Per-lane rate of each PCIe generation, in GT/s (PCI-SIG base specifications 1.0 … 7.0). */
const GENERATION_BY_GT_PER_SECOND: ReadonlyMap<number, number> = new Map([
  [2.5, 1],
  [5, 2],
  [8, 3],
  [16, 4],
  [32, 5],
  [64, 6],
  [128, 7],
]);

/** "16.0 GT/s PCIe" → 16; null for "Unknown" or anything else that is not a PCIe rate. */
export function parseLinkSpeedGtPerSecond(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*GT\/s\b/.exec(text);
  if (!match?.[1]) return null;
  const rate = Number(match[1]);
  return GENERATION_BY_GT_PER_SECOND.has(rate) ? rate : null;
}

export function pcieGenerationOf(gtPerSecond: number | null): number | null {
  if (gtPerSecond === null) return null;
  return GENERATION_BY_GT_PER_SECOND.get(gtPerSecond) ?? null;
}

/** "16" (or "x16") → 16; null when it is not a lane count. */
export function parseLinkWidth(text: string): number | null {
  const match = /^\s*x?(\d{1,3})\s*$/.exec(text);
  if (!match?.[1]) return null;
  const lanes = Number(match[1]);
  return lanes <= 32 ? lanes : null;
}
