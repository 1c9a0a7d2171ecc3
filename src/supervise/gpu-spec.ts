// --gpus as typed, parsed without loading anything (the CLI's option parser uses it for every
// command's help; the choice itself is in ./gpus.ts).

export type GpuSpec = { kind: 'auto' } | { kind: 'count'; count: number } | { kind: 'list'; indices: number[] };

/**
 * "auto"; "2" (a count: the 2 freest, as `docker --gpus 2`); "0,1", "3," or "device=3" (indices).
 * "0" is GPU 0 — a count of none means nothing else. Null for anything else.
 */
export function parseGpuSpec(text: string): GpuSpec | null {
  let value = text.trim().toLowerCase();
  if (value === 'auto') return { kind: 'auto' };
  if (value === '0') return { kind: 'list', indices: [0] };
  if (/^\d{1,3}$/.test(value)) return { kind: 'count', count: Number(value) };
  if (value.startsWith('device=')) value = `${value.slice(7)},`;
  if (/^\d{1,3}(,\d{1,3})*,?$/.test(value)) {
    const indices = value.split(',').filter((p) => p !== '').map(Number);
    return new Set(indices).size === indices.length ? { kind: 'list', indices } : null;
  }
  return null;
}
