// The text view against what outside parties control (argv, driver strings, tool output) and
// against what broken drivers and tools do (hangs, exit codes, impossible values, huge outputs).

import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../i18n/index.js';
import { createTranslator } from '../../i18n/index.js';
import { device, gpuProcess, snapshot } from './__fixtures__/snapshot.js';
import { displayWidth } from './format.js';
import { renderInfoText } from './info-text.js';
import { BACKEND_REASON_KEYS, CLOCK_REASON_KEYS, UNAVAILABLE_REASON_KEYS } from './reasons.js';

const EVIL = 'evil\u001b]0;pwned\u0007\u001b[2J';
const EVIL_SHOWN = 'evil\\e]0;pwned\\x07\\e[2J';
/** Controls, bidi and zero-width characters; a line feed is allowed (it ends our own lines). */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
/** The colour codes our renderer writes itself (picocolors: SGR only). */
const OUR_SGR = /\u001b\[[0-9;]*m/g;

const options = (locale: Locale, colors = false, width = 120) => ({ t: createTranslator(locale), color: pc.createColors(colors), width });

function hostileSnapshot() {
  return snapshot(
    [
      device({
        name: `RTX\u202e0909 ${EVIL}`,
        uuid: `GPU-${EVIL}`,
        pciBusId: '00000000:17:00.0\u009b2J',
        temperatureCelsius: 50,
        migModeCurrent: true,
        migDevices: [{ index: 0, uuid: null, name: `MIG 1g.5gb${EVIL}`, gpuInstanceId: 1, computeInstanceId: 0, multiprocessorCount: 14, memoryTotalBytes: 2 ** 32, memoryUsedBytes: 0, memoryFreeBytes: 2 ** 32 }],
      }),
      device({ index: 1, name: 'A100', state: 'lost', stateDetail: `ERROR_GPU_IS_LOST\r\n${EVIL}` }),
    ],
    {
      driver: { driverVersion: `580\u001b[31m`, cudaDriverVersion: `13.0\u200b`, nvmlVersion: null, unavailable: {} },
      host: { ...snapshot([]).host, hostname: `box\u001b]0;owned\u0007` },
      processes: [
        gpuProcess({ pid: 101, command: `${EVIL} --lr 3e-4`, user: `ma\u202elory` }),
        gpuProcess({ pid: 102, command: null, name: `${EVIL}.bin`, user: 'root\u0008\u0008\u0008\u0008eve' }),
      ],
      problems: [{ scope: 'processes', code: 'parse', message: `bad line\n${EVIL}` }],
    },
  );
}

describe('info text with hostile strings', () => {
  for (const colors of [false, true]) {
    it(`passes no control, bidi or zero-width character on (${colors ? 'colours on' : 'colours off'})`, () => {
      const text = renderInfoText(hostileSnapshot(), options('en', colors));
      expect(text.replace(OUR_SGR, '')).not.toMatch(RAW_CONTROL);
      expect(text).toContain(EVIL_SHOWN);
      expect(text).toContain('RTX\\u202e0909');
      expect(text).toContain('ma\\u202el…'); // user names are cut to 10 columns
      expect(text).toContain('root\\x08\\…');
      expect(text).toContain('box\\e]0;owned\\x07');
      expect(text).toContain('580\\e[31m');
      expect(text).toContain('1g.5gbevil\\e]0;pwned');
    });
  }

  it('cannot forge a process row with CR/LF: one row per process', () => {
    const forged = `python\n    └─   1337 C root          80.0 GiB  nothing to see`;
    const text = renderInfoText(snapshot([device({ name: 'A100' })], { processes: [gpuProcess({ command: forged })] }), options('en'));
    const rows = text.split('\n').filter((line) => line.includes('└─'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('python\\n');
  });

  it('keeps a hostile command inside the terminal width (escapes count as the columns they take)', () => {
    const command = `${'\u001b[2J\u202e'.repeat(200)}tail`;
    for (const width of [80, 120]) {
      const text = renderInfoText(snapshot([device({ name: 'A100' })], { processes: [gpuProcess({ command })] }), options('en', false, width));
      const row = text.split('\n').find((line) => line.includes('└─')) ?? '';
      expect(displayWidth(row)).toBeLessThanOrEqual(width);
      expect(row).toContain('\\e[2J\\u202e');
    }
  });
});

describe('info text when the driver or a tool misbehaves', () => {
  it('says the driver did not answer when nvmlDeviceGetCount timed out, in both languages', () => {
    const timedOut = snapshot([], { problems: [{ scope: 'devices', code: 'ERROR_TIMEOUT', message: 'nvmlDeviceGetCount: Timeout' }] });
    const en = renderInfoText(timedOut, options('en'));
    expect(en).toContain('The GPU driver did not answer in time');
    expect(en).not.toContain('No GPU with a working driver');
    // NVML's code as words with its name beside it, and the call it came from.
    expect(en).toContain('GPUs timed out (ERROR_TIMEOUT): in nvmlDeviceGetCount');
    const zh = renderInfoText(timedOut, options('zh-CN'));
    expect(zh).toContain('GPU 驱动没有及时响应');
    expect(zh).toContain('所有 GPU 超时（ERROR_TIMEOUT）：出自 nvmlDeviceGetCount');
  });

  it('says the driver did not answer when a GPU backend timed out while opening', () => {
    const text = renderInfoText(
      snapshot([], {
        backend: 'pci',
        capabilities: { metrics: false, processes: false },
        backendAttempts: [
          { backend: 'nvml', ok: false, code: 'timeout', detail: 'NVML did not finish initialising; a GPU or the driver may be hung' },
          { backend: 'nvidia-smi', ok: false, code: 'command-not-found', detail: 'spawn nvidia-smi ENOENT' },
          { backend: 'pci', ok: true, code: null, detail: null },
        ],
      }),
      options('en'),
    );
    expect(text).toContain('The GPU driver did not answer in time');
    expect(text).toContain('nvml: timed out — NVML did not finish initialising');
    expect(text).toContain('nvidia-smi: nvidia-smi is not on PATH\n'); // ENOENT only repeats the reason
  });

  it('shows what nvidia-smi said when it failed, on one line, escaped and cut to the width', () => {
    const detail = `exit code 9: Unknown Error\n${EVIL}\n${'x'.repeat(400)}`;
    const text = renderInfoText(
      snapshot([], {
        backend: null,
        backendAttempts: [
          { backend: 'nvml', ok: false, code: 'library-not-found', detail: 'libnvidia-ml.so.1: cannot open shared object file' },
          { backend: 'nvidia-smi', ok: false, code: 'command-failed', detail },
        ],
      }),
      options('en', false, 100),
    );
    const line = text.split('\n').find((l) => l.startsWith('  nvidia-smi:')) ?? '';
    expect(line).toContain(`nvidia-smi: the command failed — exit code 9: Unknown Error ${EVIL_SHOWN} xxx`);
    expect(line).toMatch(/x…$/);
    expect(displayWidth(line)).toBeLessThanOrEqual(100);
    expect(text).toContain('No GPU with a working driver was found.');
  });

  it('shows an impossible value as N/A, says why, and keeps first-sample quiet', () => {
    const text = renderInfoText(
      snapshot(
        [device({ name: 'A10', temperatureCelsius: null, powerDrawWatts: 120, unavailable: { temperatureCelsius: 'out-of-range', powerDrawAverageWatts: 'first-sample' } })],
        { problems: [{ scope: 'device:0', code: 'out-of-range', message: 'temperatureCelsius: 4294967295 is not a possible value' }] },
      ),
      options('zh-CN'),
    );
    expect(text).not.toContain('4294967295°C');
    expect(text).toMatch(/\[0\] A10\s+N\/A/);
    expect(text).toContain('驱动报告了不可能的数值，显示为 N/A：temperatureCelsius');
    expect(text).toContain('GPU 0 不可能的数值：temperatureCelsius: 4294967295 is not a possible value');
    expect(text).not.toContain('powerDrawAverageWatts');
  });

  it('shows a problem that carries a message key in the user\'s language', () => {
    const text = renderInfoText(
      snapshot([device({ name: 'A10' })], {
        problems: [{ scope: 'host', code: 'parse', message: 'Could not read /proc/stat', key: 'host.problem.unreadableFile', params: { path: '/proc/stat', detail: `EACCES\n${EVIL}` } }],
      }),
      options('zh-CN'),
    );
    expect(text).toContain(`无法读取 /proc/stat（EACCES ${EVIL_SHOWN}）`);
  });

  it('draws 125,000 GPUs without overflowing the stack', () => {
    const base = device({});
    const devices = Array.from({ length: 125_000 }, (_, index) => ({ ...base, index, name: `GPU ${index}` }));
    const text = renderInfoText(snapshot(devices), options('en'));
    expect(text).toContain('[124999] GPU 124999');
  });
});

describe('enum messages', () => {
  it('every backend reason, clock reason and missing-value reason has a message needing no parameter', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const t = createTranslator(locale);
      for (const key of [...Object.values(BACKEND_REASON_KEYS), ...Object.values(CLOCK_REASON_KEYS), ...Object.values(UNAVAILABLE_REASON_KEYS)]) {
        expect(t(key), key).not.toBe(key); // strict under vitest: a missing key or {param} throws
      }
    }
  });
});
