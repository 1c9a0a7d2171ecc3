import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { NVML_RETURN_NAMES } from '../../backends/nvml/return-codes.js';
import { problemCodeLabel, problemLine } from './problem-text.js';

const en = createTranslator('en');
const zh = createTranslator('zh-CN');

describe('problem lines', () => {
  it('say which GPU, NVML’s code as words beside its name, and the call', () => {
    const lost = { scope: 'device:1', code: 'ERROR_GPU_IS_LOST', message: 'nvmlDeviceGetHandleByIndex: GPU is lost' };
    expect(problemLine(lost, en)).toBe('GPU 1 fell off the bus (ERROR_GPU_IS_LOST): in nvmlDeviceGetHandleByIndex');
    expect(problemLine(lost, zh)).toBe('GPU 1 已从总线上掉线（ERROR_GPU_IS_LOST）：出自 nvmlDeviceGetHandleByIndex');
    expect(problemLine({ ...lost, message: 'device: GPU is lost' }, zh)).toBe('GPU 1 已从总线上掉线（ERROR_GPU_IS_LOST）');
  });

  it('has words for every NVML return code, and keeps a code it does not know as it came', () => {
    for (const name of Object.values(NVML_RETURN_NAMES).filter((n) => n !== 'SUCCESS')) {
      const label = problemCodeLabel(name, zh);
      expect(label.endsWith(`（${name}）`), label).toBe(true);
      expect(label.slice(0, -name.length - 2), name).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(problemLine({ scope: 'pci', code: 'parse', message: 'bad line 3' }, zh)).toBe('pci parse：bad line 3');
  });

  it('uses the problem’s key where it has one; a slow GPU’s text stands alone', () => {
    const timeout = { scope: 'device:0', code: 'timeout', message: 'NVML did not answer within 3000 ms', key: 'problems.deviceTimeout', params: { ms: 3000 } };
    expect(problemLine(timeout, zh)).toBe('GPU 0 超时：NVML 在 3000 毫秒内没有应答，GPU 或驱动可能已挂起');
    const slow = { scope: 'device:1', code: 'slow', message: 'GPU 1 is slow', key: 'problems.slow', params: { index: 1, seconds: 1.5 } };
    expect(problemLine(slow, en)).toBe('GPU 1 is slow to answer: this read took 1.5 s, and every other GPU waited for it');
  });
});
