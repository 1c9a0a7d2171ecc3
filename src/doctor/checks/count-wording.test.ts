// Doctor sentences that carry a count read right for one as for several: no "All 1 toolkit",
// no "any of the 1 Python environment".

import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';

const en = createTranslator('en');
const zh = createTranslator('zh-CN');

describe('counted doctor sentences', () => {
  it('toolkits that build for the GPUs', () => {
    expect(en('doctor.cuda.toolkitArch.ok', { toolkits: 1, gpus: 1 })).toBe('The CUDA toolkit found can build for the GPU here (1 toolkit, 1 GPU).');
    expect(en('doctor.cuda.toolkitArch.ok', { toolkits: 2, gpus: 4 })).toBe('Every CUDA toolkit found can build for every GPU here (2 toolkits, 4 GPUs).');
    expect(zh('doctor.cuda.toolkitArch.ok', { toolkits: 1, gpus: 1 })).toBe('找到的 CUDA 工具包都能为这里的 GPU 编译（1 个工具包，1 块 GPU）。');
  });

  it('a framework in no Python environment', () => {
    expect(en('doctor.frameworks.notInstalled', { framework: 'PyTorch', count: 1 })).toBe('PyTorch is not installed in the Python environment found (1 checked).');
    expect(en('doctor.frameworks.notInstalled', { framework: 'JAX', count: 3 })).toBe('JAX is not installed in any Python environment found (3 checked).');
    expect(zh('doctor.frameworks.notInstalled', { framework: 'JAX', count: 1 })).toBe('检查过的 1 个 Python 环境中没有安装 JAX。');
  });
});
