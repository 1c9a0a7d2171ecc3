// A condition with hysteresis: on at `on(value)`, off again only at `off(value)`, so a value that
// hovers at the threshold tells once, not on every read. A null reading leaves the latch as it was
// (missing is not "fine" and not "bad").

export interface Latch {
  /** 'on' / 'off' when the latch flipped with this value; null when it did not. */
  update(key: string, value: number | null, on: boolean, off: boolean): 'on' | 'off' | null;
  active(key: string): boolean;
}

export function createLatch(): Latch {
  const active = new Set<string>();
  return {
    update(key, value, on, off) {
      if (value === null) return null;
      if (!active.has(key) && on) {
        active.add(key);
        return 'on';
      }
      if (active.has(key) && off) {
        active.delete(key);
        return 'off';
      }
      return null;
    },
    active: (key) => active.has(key),
  };
}
