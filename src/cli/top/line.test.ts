import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../render/format.js';
import { cellWidth, cut, Line, padLeft, padRight } from './line.js';

const red = pc.createColors(true).red;
const strip = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

describe('Line', () => {
  it('renders exactly the width asked for, Chinese counted as two columns', () => {
    const line = new Line().add('显存 ').add('69.6/79.6G', red).add(' 训练任务');
    for (const width of [1, 5, 6, 12, 19, 40]) expect(displayWidth(line.render(width))).toBe(width);
  });

  it('never splits a wide character at the edge: the cell is padded instead', () => {
    const text = strip(new Line().add('ab训练').render(4));
    expect(text).toBe('ab… ');
    expect(cut('训练任务', 5)).toBe('训练…');
    expect(cellWidth(cut('训练任务', 5))).toBeLessThanOrEqual(5);
    expect(cut('训练任务', 4, '')).toBe('训练');
  });

  it('pads by display width', () => {
    expect(padRight('用户', 6)).toBe('用户  ');
    expect(padLeft('显存', 6)).toBe('  显存');
    expect(padRight('toolong', 3)).toBe('toolong');
  });

  it('cutTo keeps the styles of what is left and marks the cut', () => {
    const line = new Line().add('GPU ').add('██████', red).add(' 100%');
    const cutLine = line.cutTo(8);
    expect(cutLine.width).toBe(8);
    const rendered = cutLine.render(8);
    expect(rendered).toContain('\u001b[31m');
    expect(strip(rendered)).toBe('GPU ███…');
    expect(line.cutTo(100).width).toBe(line.width);
  });

  it('cellWidth counts as displayWidth does, looked-up characters too, the second time as the first', () => {
    const texts = ['GPU ▁▆▇█ │ ░░', '训练任务 显存', 'é (e + \u0301)', '\u200b\ufe0f', '😀 ok', '\u001b[31mred\u001b[0m', '', 'plain', 'ｗｉｄｅ', '°C ↓↑ ▶'];
    for (let round = 0; round < 2; round++) for (const text of texts) expect(cellWidth(text)).toBe(displayWidth(text));
  });

  it('a style over the whole line wraps the padding too', () => {
    const rendered = new Line().add('x').render(4, '…', (s) => `<${s}>`);
    expect(rendered).toBe('<x   >');
  });
});
