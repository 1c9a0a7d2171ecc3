import { describe, expect, it } from 'vitest';
import { redrawTarget, terminalSize } from './terminal.js';

describe('terminal size', () => {
  it('reads a 0×0 terminal (script(1), docker exec -t) as unknown, like a missing size', () => {
    expect(terminalSize({ columns: 0, rows: 0 }, {})).toEqual({ columns: 120, rows: 24 });
    expect(terminalSize({}, {})).toEqual({ columns: 120, rows: 24 });
    expect(terminalSize({ columns: 0, rows: 0 }, { COLUMNS: '200', LINES: '50' })).toEqual({ columns: 200, rows: 50 });
  });

  it('takes a real size over the environment, and ignores nonsense in COLUMNS', () => {
    expect(terminalSize({ columns: 80, rows: 30 }, { COLUMNS: '200' })).toEqual({ columns: 80, rows: 30 });
    for (const COLUMNS of ['0', '-5', 'wide', '1.5', '']) expect(terminalSize({}, { COLUMNS }).columns, COLUMNS).toBe(120);
  });

  it('gives log-update a size it can draw in, read at every frame', () => {
    const stream = { isTTY: true, columns: 0, rows: 0, write: () => true };
    const target = redrawTarget(stream, {});
    expect([target.columns, target.rows]).toEqual([120, 24]);
    stream.columns = 90;
    stream.rows = 40;
    expect([target.columns, target.rows]).toEqual([90, 40]);
  });
});
