// Turns GPU names as drivers and vendors print them into comparable token sets:
// "NVIDIA A100-SXM4-80GB", "A100 SXM4 80 GB" and "nvidia a100 80gb sxm4" all give {a100, sxm4, 80gb}.

/** Words that never tell two GPUs apart. */
const NOISE_TOKENS = new Set([
  'nvidia',
  'tesla',
  'geforce',
  'amd',
  'radeon',
  'instinct',
  'intel',
  'habana',
  'gpu',
  'tensor',
  'core',
  'graphics',
  'accelerator',
  'generation',
  'edition',
]);

/**
 * Tokens a name may leave out and still mean the same product, when the catalog lists them:
 * memory size, bus or module, memory type. "NVIDIA H100" lacks them; "Ti", "NVL", "Laptop" or
 * "Super" are not in this list, so "RTX 3080" never loosely matches "RTX 3080 Ti".
 */
export function isOptionalToken(token: string): boolean {
  return /^\d+gb$/.test(token) || /^(?:pcie|sxm\d*|oam|hbm\d?e?)$/.test(token);
}

export function tokenizeGpuName(name: string): string[] {
  const raw = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t !== '');
  const tokens: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const token = raw[i] ?? '';
    // "80 GB" → "80gb", so a spaced and an unspaced size compare equal.
    if (/^\d+$/.test(token) && raw[i + 1] === 'gb') {
      tokens.push(`${token}gb`);
      i++;
    } else if (!NOISE_TOKENS.has(token)) {
      tokens.push(token);
    }
  }
  return tokens;
}

/** A canonical form: the sorted, de-duplicated tokens. Two names that normalise alike are one GPU. */
export function normaliseGpuName(name: string): string {
  return [...new Set(tokenizeGpuName(name))].sort().join(' ');
}
