import { describe, expect, it } from 'vitest';
import { parseCsvTable, parseHeaderCell } from './parse-csv.js';

describe('parseHeaderCell', () => {
  it('splits the unit off the field name', () => {
    expect(parseHeaderCell('memory.total [MiB]')).toEqual({ name: 'memory.total', unit: 'MiB' });
    expect(parseHeaderCell('utilization.gpu [%]')).toEqual({ name: 'utilization.gpu', unit: '%' });
    expect(parseHeaderCell('clocks_event_reasons_counters.sw_power_cap [us]')).toEqual({
      name: 'clocks_event_reasons_counters.sw_power_cap',
      unit: 'us',
    });
    expect(parseHeaderCell('temperature.gpu')).toEqual({ name: 'temperature.gpu', unit: null });
  });
});

describe('parseCsvTable', () => {
  const csv = 'index, name, memory.used [MiB]\n0, NVIDIA A100, 512\n1, NVIDIA A100, [N/A]\n';

  it('reads a header and rows', () => {
    const table = parseCsvTable(csv);
    expect(table.columns.map((c) => c.name)).toEqual(['index', 'name', 'memory.used']);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['0', 'NVIDIA A100', '512'],
      ['1', 'NVIDIA A100', '[N/A]'],
    ]);
    expect(table.rows.map((r) => r.line)).toEqual([2, 3]);
    expect(table.rejected).toEqual([]);
  });

  it('gives the same result for CRLF, a BOM and a missing final newline', () => {
    const expected = parseCsvTable(csv);
    expect(parseCsvTable(csv.replaceAll('\n', '\r\n'))).toEqual(expected);
    expect(parseCsvTable(`\uFEFF${csv}`)).toEqual(expected);
    expect(parseCsvTable(csv.trimEnd())).toEqual(expected);
  });

  it('returns nothing for empty output and columns only for a bare header', () => {
    const empty = { columns: [], rows: [], rejected: [], rejectedCount: 0, rowsPastLimit: 0, headerProblem: null };
    expect(parseCsvTable('')).toEqual(empty);
    expect(parseCsvTable('\r\n\n')).toEqual(empty);
    const headerOnly = parseCsvTable('pid, process_name, used_gpu_memory [MiB]\n');
    expect(headerOnly.columns).toHaveLength(3);
    expect(headerOnly.rows).toEqual([]);
  });

  it('keeps an empty last cell', () => {
    const table = parseCsvTable('a, b\n1, \n');
    expect(table.rows[0]?.cells).toEqual(['1', '']);
  });

  it('keeps Windows paths with spaces whole (only ", " separates)', () => {
    const table = parseCsvTable('pid, process_name\n17648, C:\\Program Files\\NVIDIA Corporation\\NVIDIA App\\CEF\\NVIDIA Overlay.exe\n');
    expect(table.rows[0]?.cells[1]).toBe('C:\\Program Files\\NVIDIA Corporation\\NVIDIA App\\CEF\\NVIDIA Overlay.exe');
  });

  it('joins surplus cells back into the free-text column', () => {
    const text = 'pid, process_name, used_gpu_memory [MiB]\n42, /opt/lab, tools/bin/worker, 212\n';
    const table = parseCsvTable(text, { freeTextColumn: 'process_name' });
    expect(table.rows[0]?.cells).toEqual(['42', '/opt/lab, tools/bin/worker', '212']);
  });

  it('rejects rows with the wrong number of cells and says where', () => {
    const text = 'index, name\n0, A100\nUnable to parse this\n1, A100, extra\n';
    const table = parseCsvTable(text);
    expect(table.rows).toHaveLength(1);
    expect(table.rejected).toEqual([
      { line: 3, text: 'Unable to parse this', why: 'expected 2 cells, found 1' },
      { line: 4, text: '1, A100, extra', why: 'expected 2 cells, found 3' },
    ]);
  });
});
