import { describe, expect, it } from 'vitest';
import type { GpuDevice, Snapshot } from '../../core/snapshot.js';
import type { HistoryWindow } from '../../monitor/history.js';
import { createTranslator } from '../../i18n/index.js';
import { displayWidth } from '../render/format.js';
import { safeView } from '../render/safe-view.js';
import { device, gpuProcess, snapshot } from '../render/__fixtures__/snapshot.js';
import { buildRows } from './process-rows.js';
import { composeScreen, type ScreenInput } from './screen.js';
import { initialState, type TopState } from './state.js';
import { asciify, createTheme } from './theme.js';

const GiB = 2 ** 30;

function h100(index: number, change: Partial<GpuDevice> = {}): GpuDevice {
  return device({
    index, name: 'NVIDIA H100 80GB HBM3', uuid: `GPU-${index}`, pciBusId: `00000000:${(0x18 + index * 16).toString(16).toUpperCase()}:00.0`,
    memoryTotalBytes: 80 * GiB, memoryUsedBytes: 70 * GiB, gpuUtilPercent: 100, temperatureCelsius: 60, temperatureSlowdownCelsius: 89,
    powerDrawWatts: 650, powerLimitWatts: 700, smClockMhz: 1980, memoryClockMhz: 2619, performanceState: 0,
    pcieRxBytesPerSecond: 2e9, pcieTxBytesPerSecond: 8e8, smActivePercent: 12, tensorActivePercent: 5, dramActivePercent: 30,
    eccModeCurrent: true, eccErrors: { correctedVolatile: 0, uncorrectedVolatile: 0, correctedAggregate: 0, uncorrectedAggregate: 0 }, clockEventReasons: [],
    ...change,
  });
}

function box(devices: GpuDevice[] = Array.from({ length: 8 }, (_, i) => h100(i)), change: Partial<Snapshot> = {}): Snapshot {
  const processes = Array.from({ length: 30 }, (_, i) =>
    gpuProcess({ pid: 1000 + i, gpuIndex: i % devices.length, user: i % 3 === 0 ? 'alice' : 'bob', usedMemoryBytes: (i + 1) * GiB, cpuPercent: i * 3, rssBytes: 2 * GiB, command: `python3 train.py --rank ${i}`, startedAt: '2026-11-29T11:00:00.000Z', smUtilPercent: 50 }),
  );
  return snapshot(devices, { processes, ...change });
}

function screen(snap: Snapshot, columns: number, lines: number, options: { locale?: 'en' | 'zh-CN'; state?: Partial<TopState>; ascii?: boolean; troubleSinceMs?: Map<string, number>; history?: HistoryWindow } = {}) {
  const safe = safeView(snap);
  const state = { ...initialState({ intervalMs: 1000, spanSeconds: 60, view: 'auto' }), ...options.state };
  const input: ScreenInput = {
    snapshot: safe, history: options.history ?? null, rows: buildRows(safe, state), state, columns, lines, nowMs: Date.parse(snap.at), sampleMs: Date.parse(snap.at),
    stale: false, readMs: null, troubleSinceMs: options.troubleSinceMs ?? new Map(), readonly: false,
    theme: createTheme({ color: false, ascii: options.ascii ?? false }),
    t: options.ascii ? (key, params) => asciify(createTranslator(options.locale ?? 'en')(key, params)) : createTranslator(options.locale ?? 'en'),
    locale: options.locale ?? 'en',
  };
  return composeScreen(input);
}

function expectExactSize(lines: readonly string[], columns: number, rows: number) {
  expect(lines).toHaveLength(rows);
  for (const line of lines) expect(displayWidth(line)).toBe(columns);
}

describe('the top screen', () => {
  it('frames at one size and language are the same after frames at others (nothing cached leaks across)', () => {
    const snap = box();
    const end = Date.parse(snap.at);
    const times = Array.from({ length: 60 }, (_, i) => end - 59_000 + i * 1000);
    const history: HistoryWindow = {
      sinceMs: end - 60_000,
      host: { timesMs: [], columns: {} },
      devices: snap.devices.map((d) => ({
        key: d.uuid!, index: d.index, uuid: d.uuid, name: d.name, timesMs: times,
        columns: { gpuUtilPercent: times.map((_, i) => (i * 7 + d.index) % 101), memoryUsedBytes: times.map((_, i) => i * GiB), powerDrawWatts: times.map((_, i) => 100 + i * 9) },
        samples: { gpuUtilPercent: { timesMs: times.map((t) => t - 500), values: times.map((_, i) => (i * 13) % 101) } },
      })),
    };
    const frame = (columns: number, lines: number, locale: 'en' | 'zh-CN') => screen(snap, columns, lines, { locale, history }).lines;
    const first = frame(200, 50, 'en');
    expect(first.join('\n')).toMatch(/GPU [▁▂▃▄▅▆▇█ ]{20,}/);
    const chinese = frame(120, 40, 'zh-CN');
    frame(90, 30, 'en');
    expect(frame(200, 50, 'en')).toEqual(first);
    expect(frame(120, 40, 'zh-CN')).toEqual(chinese);
  });

  it('300×80 at 1 s: a graph whose slices are narrower than the interval is a line, not stripes; a real gap stays blank', () => {
    const snap = box([h100(0)]);
    const end = Date.parse(snap.at);
    const times = Array.from({ length: 61 }, (_, i) => end - 60_000 + i * 1000).filter((t) => t < end - 40_000 || t > end - 30_000);
    const history: HistoryWindow = {
      sinceMs: end - 60_000,
      host: { timesMs: [], columns: {} },
      devices: [{ key: 'GPU-0', index: 0, uuid: 'GPU-0', name: 'H100', timesMs: times, columns: { memoryUsedBytes: times.map(() => 80 * GiB) }, samples: {} }],
    };
    const lines = screen(snap, 300, 80, { history }).lines;
    const memory = lines.map((line) => line.split(' │ ')[1] ?? '').find((part) => part.startsWith('MEM'));
    // "MEM" and its padding, then the cells: one stretch of marks, one blank gap (the 10 s without a reading), another stretch.
    const cells = memory!.replace(/^MEM +/, '').trimEnd();
    expect(cells).toMatch(/^[▁▂▃▄▅▆▇█]+ {10,}[▁▂▃▄▅▆▇█]+$/);
  });

  it('8 GPUs on 80×24: compact, one line each, the host and a table with rows, every line exactly 80 wide', () => {
    const { lines, pageRows } = screen(box(), 80, 24);
    expectExactSize(lines, 80, 24);
    for (let i = 0; i < 8; i++) expect(lines[1 + i]).toMatch(new RegExp(`^\\[${i}\\] +H100 80GB HBM3 +GPU `));
    expect(lines.join('\n')).toContain('CPU ');
    expect(lines.join('\n')).toContain('RAM ');
    expect(lines.some((line) => /PID +USER/.test(line))).toBe(true);
    expect(pageRows).toBeGreaterThanOrEqual(6);
    expect(lines.filter((line) => /python3 train\.py/.test(line)).length).toBe(pageRows);
  });

  it('200×50: full mode, with bus id, PCIe, SM/tensor/DRAM activity next to GPU-Util, and the low SM activity shown', () => {
    const text = screen(box(), 200, 50).lines.join('\n');
    expect(text).toContain('18:00.0');
    expect(text).toMatch(/PCIe ↓1\.9G\/s ↑763M\/s/);
    expect(text).toMatch(/GPU █+ 100% {2}SM +12% {2}Tensor +5% {2}DRAM +30%/);
    expect(text).toMatch(/GPU +│ MEM +│ PWR/);
    expectExactSize(screen(box(), 200, 50).lines, 200, 50);
  });

  it('N/A for what a GPU does not give; a column no GPU has is not shown at all', () => {
    const text = screen(box([h100(0, { temperatureCelsius: null, gpuUtilPercent: null }), h100(1)]), 160, 40).lines.join('\n');
    expect(text).toMatch(/\[0\].*N\/A/);
    expect(text).toMatch(/GPU ░+ N\/A/);
    expect(text).not.toContain('fan'); // no GPU here has a fan reading
    expect(text).not.toMatch(/\b0°C/);
    const withFan = screen(box([h100(0, { fanSpeedPercent: 40 }), h100(1)]), 160, 40).lines.join('\n');
    expect(withFan).toMatch(/\[0\].*fan 40%/);
    expect(withFan).toMatch(/\[1\].*fan N\/A/);
  });

  it('a lost GPU and a hung one keep their place and say what is wrong and for how long', () => {
    const at = Date.parse('2026-11-29T12:00:00.000Z');
    const lost = h100(1, { state: 'lost', stateDetail: 'ERROR_GPU_IS_LOST', gpuUtilPercent: null });
    const hung = h100(2, { state: 'error', stateDetail: 'NVML did not answer', gpuUtilPercent: null, unavailable: { gpuUtilPercent: 'timeout', memoryUsedBytes: 'timeout' } });
    const lines = screen(box([h100(0), lost, hung]), 120, 30, { troubleSinceMs: new Map([['GPU-1', at - 65_000]]) }).lines;
    expect(lines.find((l) => l.startsWith('[1]'))).toMatch(/lost: not responding — fell off the bus\? \(ERROR_GPU_IS_LOST\) for 1m05s/);
    expect(lines.find((l) => l.startsWith('[2]'))).toMatch(/not answering: the driver did not return within the deadline/);
    expect(lines.find((l) => l.startsWith('[0]'))).toMatch(/P0/);
  });

  it('flags danger in words, so it reads without colour: hot, memory nearly full, hardware slowdown, ECC', () => {
    const bad = h100(0, { temperatureCelsius: 88, memoryUsedBytes: 79 * GiB, clockEventReasons: ['hw-slowdown'], eccErrors: { correctedVolatile: 0, uncorrectedVolatile: 2, correctedAggregate: 0, uncorrectedAggregate: 2 } });
    const text = screen(box([bad]), 200, 40).lines.join('\n');
    expect(text).toMatch(/✗ hot, memory nearly full, hardware slowdown, 2 uncorrectable ECC errors/);
    expect(text).toMatch(/ECC 2✗/);
  });

  it('says how much of the interval the clocks were held back, and why', () => {
    const capped = h100(0, { throttleTimePercent: { power: 35.2, thermal: 0, syncBoost: null, boardLimit: 0, lowUtilization: 80, reliability: 0 } });
    const text = screen(box([capped]), 200, 40).lines.join('\n');
    expect(text).toContain('⚠ held back 35 % of the time (power)');
    expect(text).not.toMatch(/held back 80 %/); // idling is not a limit
  });

  it('in Chinese the warnings are joined with a Chinese comma, and a percentage has no space', () => {
    const bad = h100(0, { temperatureCelsius: 88, clockEventReasons: ['sw-power-cap'], throttleTimePercent: { power: 35.2, thermal: 0, syncBoost: null, boardLimit: 0, lowUtilization: 0, reliability: 0 } });
    const text = screen(box([bad]), 200, 40, { locale: 'zh-CN' }).lines.join('\n');
    expect(text).toMatch(/温度过高，.*35% 的时间频率受限（功率）/);
    expect(text).not.toMatch(/[\u4e00-\u9fff）], [\u4e00-\u9fff\d]/);
  });

  it('outside text cannot move the cursor or forge lines: names and commands are escaped', () => {
    const evil = box([h100(0, { name: 'H100\u001b[2J\u001b]0;pwned\u0007' })], {
      processes: [gpuProcess({ pid: 7, command: 'python3 x.py\r\n[1] fake GPU line\u001b[31m', user: 'eve\u202e' })],
      host: { ...box().host, hostname: 'box\u001b[H' },
    });
    const lines = screen(evil, 120, 30).lines;
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    const text = lines.join('\n');
    expect(text).toContain('H100\\e[2J');
    expect(text).toContain('python3 x.py\\r\\n[1] fake GPU line');
    expectExactSize(lines, 120, 30);
  });

  it('in Chinese the table columns still line up (double-width headers and commands)', () => {
    const snap = box([h100(0), h100(1)], { processes: [gpuProcess({ pid: 7, usedMemoryBytes: 3 * GiB, command: 'sh -c 训练任务 --epochs 3', user: 'alice' }), gpuProcess({ pid: 123456, gpuIndex: 1, usedMemoryBytes: 512 * 2 ** 20, command: 'python3 推理.py', user: '张三' })] });
    const lines = screen(snap, 100, 24, { locale: 'zh-CN' }).lines;
    expectExactSize(lines, 100, 24);
    const header = lines.find((l) => l.includes('命令'))!;
    const rightEdge = (line: string, text: string) => displayWidth(line.slice(0, line.indexOf(text) + text.length));
    const memoryEdge = rightEdge(header, '显存');
    expect(rightEdge(lines.find((l) => l.includes('训练任务'))!, '3.0G')).toBe(memoryEdge);
    expect(rightEdge(lines.find((l) => l.includes('推理'))!, '512M')).toBe(memoryEdge);
    const commandStart = (line: string, text: string) => displayWidth(line.slice(0, line.indexOf(text)));
    expect(commandStart(lines.find((l) => l.includes('训练任务'))!, 'sh -c')).toBe(commandStart(header, '命令'));
    // the GPU lines line up too
    const gpuLines = lines.filter((l) => /^\[\d\]/.test(l));
    expect(new Set(gpuLines.map((l) => commandStart(l, '显存'))).size).toBe(1);
  });

  describe('the TIME column in the reader’s language', () => {
    // The fixture's snapshot is at 12:00:00; each process started that long before.
    const started = (seconds: number) => new Date(Date.parse('2026-11-29T12:00:00.000Z') - seconds * 1000).toISOString();
    const AGES = [12, 13 * 60 + 24, 2 * 3600 + 5 * 60, 3 * 86_400 + 4 * 3600, 412 * 86_400];
    const timed = () => box([h100(0)], { processes: AGES.map((age, i) => gpuProcess({ pid: 100 + i, usedMemoryBytes: (i + 1) * GiB, command: `job-${i} 任务`, user: 'alice', startedAt: started(age) })) });
    const rowOf = (lines: readonly string[], i: number) => lines.find((l) => l.includes(`job-${i} `))!;
    const rightEdge = (line: string, text: string) => displayWidth(line.slice(0, line.indexOf(text) + text.length));

    it.each([
      ['en', 'TIME', ['12s', '13m24s', '2h05m', '3d04h', '412d']],
      ['zh-CN', '运行时长', ['12秒', '13分24秒', '2时05分', '3天04时', '412天']],
    ] as const)('%s: each age reads in the language, right-aligned under the header, every line exactly 120 wide', (locale, header, shown) => {
      const lines = screen(timed(), 120, 30, { locale, state: { sort: { key: 'pid', descending: false } } }).lines;
      expectExactSize(lines, 120, 30);
      const head = lines.find((l) => l.includes(header))!;
      AGES.forEach((_, i) => expect(rightEdge(rowOf(lines, i), ` ${shown[i]} `) - 1).toBe(rightEdge(head, header)));
      // The command column starts at one place on every row, after double-width ages too.
      const commandStart = (line: string) => displayWidth(line.slice(0, line.indexOf('job-')));
      expect(new Set(AGES.map((_, i) => commandStart(rowOf(lines, i)))).size).toBe(1);
    });

    it('zh-CN: no English duration left anywhere on the screen (header interval and span included)', () => {
      const snap = timed();
      const text = screen(snap, 160, 40, { locale: 'zh-CN' }).lines.join('\n');
      expect(text).not.toMatch(/\b\d+(?:\.\d+)?(?:ms|min|[smhd])\b|\b\d+[dhm]\d{2}[hms]\b/);
      expect(text).toContain('每 1 秒');
      expect(text).toContain('曲线 1 分钟');
      expect(screen(snap, 160, 40, { locale: 'en' }).lines.join('\n')).toMatch(/every 1s .*graphs 1min/);
    });

    it('zh-CN: a stale sample’s age and a lost GPU’s “for how long” are Chinese too', () => {
      const snap = box([h100(0, { state: 'lost', stateDetail: 'Xid 79' }), h100(1)]);
      const input = { locale: 'zh-CN' as const, troubleSinceMs: new Map([['GPU-0', Date.parse(snap.at) - 125_000]]) };
      const text = screen(snap, 160, 40, input).lines.join('\n');
      expect(text).toContain('已持续 2分05秒');
      expect(text).not.toMatch(/\d+m\d{2}s/);
    });
  });

  it('ASCII mode draws with ASCII only', () => {
    const lines = screen(box(), 120, 30, { ascii: true }).lines;
    for (const line of lines) expect(line).toMatch(/^[\x20-\x7e]*$/);
  });

  it('no GPU: says why and what was tried, and still shows the host', () => {
    const text = screen(snapshot([], { backend: null, backendAttempts: [{ backend: 'nvml', ok: false, code: 'library-not-found', detail: null }] }), 100, 24).lines.join('\n');
    expect(text).toContain('No GPU with a working driver was found.');
    expect(text).toContain('nvml: NVML library not found');
    expect(text).toContain('CPU ');
  });

  it('too small a terminal says so instead of drawing garbage', () => {
    const { lines } = screen(box(), 30, 6);
    expectExactSize(lines, 30, 6);
    expect(lines[0]).toMatch(/^Terminal too small/);
  });

  it('more GPUs than rows: the first ones and a count of the rest', () => {
    const many = box(Array.from({ length: 16 }, (_, i) => h100(i)));
    const { lines } = screen(many, 80, 14);
    expectExactSize(lines, 80, 14);
    expect(lines.join('\n')).toMatch(/… and \d+ more GPUs?/);
  });

  it('help and the signal dialogs draw over the screen', () => {
    const help = screen(box(), 100, 30, { state: { help: true } }).lines.join('\n');
    const fields = screen(box(), 100, 30, { state: { help: true, helpScroll: 24 } }).lines.join('\n');
    expect(help).toContain('gpuwise top — keys and what the figures mean');
    expect(fields).toContain('Share of the sample period in which');
    const target = { pid: 1003, rowKey: 'x', command: 'python3 train.py --rank 3', user: 'alice', startedAt: null, rootPid: 1003, depth: 0 };
    const confirm = screen(box(), 100, 30, { state: { confirm: { target, signal: 'SIGKILL' } } }).lines.join('\n');
    expect(confirm).toContain('Send SIGKILL to PID 1003?');
    expect(confirm).toContain('y sends it; any other key cancels');
    const menu = screen(box(), 100, 30, { state: { signalMenu: target } }).lines.join('\n');
    expect(menu).toMatch(/2 +SIGTERM/);
  });

  it('the help names the mouse in the reader’s language (keys stay as typed)', () => {
    const zh = screen(box(), 100, 40, { locale: 'zh-CN', state: { help: true } }).lines.join('\n');
    expect(zh).toMatch(/│ 鼠标 +点击进程即选中/);
    expect(zh).not.toMatch(/\bmouse\b/);
    expect(screen(box(), 100, 40, { state: { help: true } }).lines.join('\n')).toMatch(/│ mouse +click a process/);
  });

  it('Enter: the whole command line, the start, the threads and the children’s totals', () => {
    const long = `python3 /opt/jobs/train.py ${'--flag value '.repeat(20)}--end`;
    const snap = box([h100(0)], {
      processes: [gpuProcess({ pid: 77, user: 'alice', command: long, startedAt: '2026-11-29T11:00:00.000Z', threads: { count: 48, busiest: null }, tree: { descendants: [{ pid: 78, parentPid: 77, depth: 1, name: 'pt_data_worker', command: null, state: 'S', cpuPercent: 90, rssBytes: 2 ** 30, threadCount: 4, usesGpu: false }], totalCpuPercent: 190.4, totalRssBytes: 3 * GiB, source: 'task-children', truncated: false } })],
    });
    const rows = buildRows(safeView(snap), { sort: { key: 'gpu', descending: false }, filter: { text: '', user: null, gpu: null }, tree: false });
    const text = screen(snap, 120, 40, { state: { details: rows[0]!.key } }).lines.join('\n');
    expect(text).toContain('PID 77  alice');
    expect(text).toMatch(/GPU 0 +GPU-MEM 1\.00 GiB/);
    expect(text).toMatch(/threads 48/);
    expect(text).toContain('children 1; with them CPU 190%, RSS 3.00 GiB');
    expect(text).toContain('--end'); // the whole command line, wrapped
    expect(text).toContain('/opt/jobs/train.py');
  });

  it('a details box taller than the screen is cut and scrolls, its border and key hint always shown', () => {
    const long = `python3 -c pass ${'x'.repeat(5000)} --end`;
    const snap = box([h100(0)], { processes: [gpuProcess({ pid: 77, user: 'alice', command: long })] });
    const key = buildRows(safeView(snap), { sort: { key: 'gpu', descending: false }, filter: { text: '', user: null, gpu: null }, tree: false })[0]!.key;
    const top = screen(snap, 100, 24, { state: { details: key } });
    expectExactSize(top.lines, 100, 24);
    const text = top.lines.join('\n');
    expect(text).toContain('PID 77  alice');
    expect(text).toContain('k signals it; Esc or Enter closes');
    // The bottom border, above the status line, says where in the text the box is.
    expect(top.lines.slice(0, 23).some((line) => line.includes('└') && /1–\d+ of \d+ · ↑↓ scroll · Esc closes/.test(line))).toBe(true);
    expect(text).not.toContain('--end');
    const end = screen(snap, 100, 24, { state: { details: key, detailsScroll: 10_000 } });
    expect(end.lines.join('\n')).toContain('--end');
    expect(end.lines.join('\n')).toContain('k signals it; Esc or Enter closes');
    // Clamped to the last page, so ↑ moves at once.
    expect(end.detailsScroll).toBeLessThan(10_000);
    expect(end.lines.join('\n')).toMatch(new RegExp(`\\d+–(\\d+) of \\1 · ↑↓ scroll`));
  });

  it('the signal dialogs fit a small screen: the choices and the prompt stay, with the border', () => {
    const target = { pid: 1003, rowKey: 'x', command: 'python3 train.py --rank 3', user: 'alice', startedAt: null, rootPid: 1003, depth: 0 };
    for (const [columns, rows] of [[40, 10], [40, 8]] as const) {
      const menu = screen(box(), columns, rows, { state: { signalMenu: target } }).lines;
      expectExactSize(menu, columns, rows);
      const text = menu.join('\n');
      expect(text).toMatch(/9 +SIGKILL/);
      expect(text.replace(/[│\s]+/g, ' ')).toContain('1, 2 or 9 picks; any other key cancels');
      expect(menu.slice(0, rows - 1).some((line) => line.includes('└'))).toBe(true);
      const confirm = screen(box(), columns, rows, { state: { confirm: { target, signal: 'SIGTERM' } } }).lines.join('\n');
      expect(confirm).toContain('Send SIGTERM to PID 1003?');
      expect(confirm.replace(/[│\s]+/g, ' ')).toContain('y sends it; any other key cancels');
    }
    const zh = screen(box(), 40, 10, { locale: 'zh-CN', state: { signalMenu: target } }).lines;
    expectExactSize(zh, 40, 10);
    expect(zh.join('').replace(/[│\s]+/g, '')).toContain('按1、2或9选择；按其他键取消');
  });

  it('reading through nvidia-smi says so, why, and what that costs', () => {
    const smi = box([h100(0, { smActivePercent: null, tensorActivePercent: null, dramActivePercent: null, pcieRxBytesPerSecond: null, pcieTxBytesPerSecond: null })], {
      backend: 'nvidia-smi',
      backendAttempts: [{ backend: 'nvml', ok: false, code: 'library-not-found', detail: null }, { backend: 'nvidia-smi', ok: true, code: null, detail: null }],
    });
    const lines = screen(smi, 160, 40).lines;
    const text = lines.join('\n');
    expect(lines[0]).toContain('via nvidia-smi');
    expect(text).toContain('Reading through nvidia-smi (NVML library not found (is the NVIDIA driver installed?)): no PCIe throughput');
    expect(text).not.toContain('PCIe ↓');
    expect(text).not.toContain('Tensor');
  });

  it('says, dimly, when processes come from a slow list read every 5 s, and only then', () => {
    const carried = gpuProcess({ pid: 1873, type: 'graphics', listedAgeMs: 2400, command: 'Xorg' });
    const text = screen(box([h100(0)], { processes: [carried, gpuProcess({ pid: 9 })] }), 200, 30).lines.join('\n');
    expect(text).toContain('1 process from a slow GPU process list (desktop graphics clients), read every 5 s: changes show up to 5 s late.');
    const zh = screen(box([h100(0)], { processes: [carried] }), 200, 30, { locale: 'zh-CN' }).lines.join('\n');
    expect(zh).toContain('1 个进程来自读取较慢的 GPU 进程列表');
    expect(screen(box([h100(0)]), 200, 30).lines.join('\n')).not.toContain('slow GPU process list');
  });

  it('notes processes in another PID namespace and what to do', () => {
    const text = screen(box([h100(0)], { processes: [gpuProcess({ pid: 9, hostResolution: 'other-namespace', user: null, command: null })] }), 120, 30).lines.join('\n');
    expect(text).toMatch(/1 GPU process\(es\) in another PID namespace[^]*--pid=host\./);
    expect(text).toContain('(another PID namespace: run on the host or with --pid=host)');
  });
});
