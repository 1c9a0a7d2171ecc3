// Seeded fuzzing for parser tests: the same seed gives the same cases on every machine, so a
// failure in CI is reproduced by its seed. Small on purpose; parsers are pure functions.

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Fuzzer {
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Random text over a hostile alphabet: controls, bidi, CJK, quotes, separators, digits. */
  text(maxLength: number): string;
  /** `input` mutated a few times: bytes flipped, lines dropped, duplicated, cut, spaced out. */
  mutate(input: string): string;
}

const HOSTILE = [
  '\u0000', '\u001b', '\u001b[2J', '\u001b]0;x\u0007', '\r', '\n', '\t', '\b', '\u007f', '\u009b', '\u202e', '\u2066',
  '\u200b', '\ufeff', '\ud800', ',', ';', '"', "'", ' ', '   ', '[N/A]', '[Not Supported]', 'N/A', '-', '-0', '0x',
  'MiB', ' W', ' %', 'NaN', 'Infinity', '1e308', '9'.repeat(40), '4294967295', '18446744073709551615', '训练', 'é', ':', '.',
];

export function createFuzzer(seed: number): Fuzzer {
  const random = createRandom(seed);
  const int = (max: number) => Math.floor(random() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const text = (maxLength: number) => {
    let out = '';
    const length = int(maxLength + 1);
    while (out.length < length) out += random() < 0.5 ? pick(HOSTILE) : String.fromCharCode(32 + int(95));
    return out;
  };
  const mutate = (input: string) => {
    let out = input;
    const steps = 1 + int(4);
    for (let step = 0; step < steps; step++) {
      const at = int(out.length + 1);
      switch (int(6)) {
        case 0: out = out.slice(0, at) + text(8) + out.slice(at); break;
        case 1: out = out.slice(0, at) + out.slice(at + 1 + int(16)); break;
        case 2: { const lines = out.split('\n'); lines.splice(int(lines.length), 1); out = lines.join('\n'); break; }
        case 3: { const lines = out.split('\n'); const line = pick(lines); lines.splice(int(lines.length), 0, line); out = lines.join('\n'); break; }
        case 4: out = out.slice(0, at); break;
        default: out = out.slice(0, at) + ' '.repeat(1 + int(2000)) + out.slice(at); break;
      }
    }
    return out;
  };
  return { int, pick, text, mutate };
}
