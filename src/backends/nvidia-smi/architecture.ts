// nvidia-smi's CSV has no architecture field, but the compute capability names it exactly
// (CUDA C++ Programming Guide, "Compute Capabilities"); the names match what NVML reports.

const BY_MAJOR: Readonly<Record<number, string>> = {
  3: 'kepler',
  5: 'maxwell',
  6: 'pascal',
  10: 'blackwell',
  11: 'blackwell',
  12: 'blackwell',
};

const BY_VERSION: Readonly<Record<string, string>> = {
  '7.0': 'volta',
  '7.2': 'volta',
  '7.5': 'turing',
  '8.0': 'ampere',
  '8.6': 'ampere',
  '8.7': 'ampere',
  '8.9': 'ada',
  '9.0': 'hopper',
};

/** "8.0" → "ampere"; null for a capability this table does not know. */
export function architectureFromComputeCapability(capability: string): string | null {
  const match = /^(\d+)\.(\d+)$/.exec(capability.trim());
  if (!match) return null;
  return BY_VERSION[`${Number(match[1])}.${Number(match[2])}`] ?? BY_MAJOR[Number(match[1])] ?? null;
}
