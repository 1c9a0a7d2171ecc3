import { describe, expect, it } from 'vitest';
import type { SnapshotProblem } from '../core/snapshot.js';
import { createTranslator } from './index.js';
import { NVML_CODE_KEYS, problemCodeLabel, problemText, UNAVAILABLE_REASON_KEYS } from './problem-text.js';

describe('problem text shared by the server and the CLI', () => {
  it("says codes as words with NVML's name kept, and texts from their keys, in both languages", () => {
    const problems: SnapshotProblem[] = [
      { scope: 'devices', code: 'timeout', message: 'NVML has not answered for 3 s; the driver may be hung', key: 'problems.driverStuck', params: { seconds: 3 } },
      { scope: 'devices', code: 'ERROR_UNKNOWN', message: 'nvmlDeviceGetCount_v2: Unknown Error' },
      { scope: 'device:1', code: 'ERROR_GPU_IS_LOST', message: 'device: GPU is lost' },
      { scope: 'host', code: 'parse', message: 'could not read /proc/meminfo' },
    ];
    const en = createTranslator('en');
    const zh = createTranslator('zh-CN');
    expect(problemCodeLabel('ERROR_GPU_IS_LOST', en)).toBe('fell off the bus (ERROR_GPU_IS_LOST)');
    expect(problemCodeLabel('timeout', zh)).toBe(zh(UNAVAILABLE_REASON_KEYS.timeout));
    expect(problemCodeLabel('parse', zh)).toBe('parse');
    // gpuwise's own import codes are words a reader knows.
    expect([problemCodeLabel('partial', zh), problemCodeLabel('not-a-gpu', zh), problemCodeLabel('partial', en)]).toEqual(['不完整', '不是 GPU', 'incomplete']);
    for (const code of Object.keys(NVML_CODE_KEYS)) expect(problemCodeLabel(code, zh), code).toMatch(new RegExp(`[^\\x00-\\x7f].*（${code}）$`));
    expect(problems.map((p) => problemText(p, en))).toEqual(['NVML has not answered for 3 s; the driver may be hung', 'in nvmlDeviceGetCount_v2', '', 'could not read /proc/meminfo']);
    expect(problemText(problems[0]!, createTranslator('zh-CN'))).toBe('NVML 已有 3 秒没有应答，驱动可能已挂起');
  });
});
