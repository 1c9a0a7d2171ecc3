// What `info --from` says of what a paste lacks, as the reader sees it (the CLI's problem line):
// in their language, with gpuwise's own codes ("partial", "not-a-gpu") and scopes as words.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { problemLine } from '../cli/render/problem-text.js';
import { createTranslator, isMessageKey } from '../i18n/index.js';
import { importText } from './index.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8');
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED = process.env.GPUWISE_SHARED_DIR ? path.join(process.env.GPUWISE_SHARED_DIR, 'fixtures') : path.join(REPO, '../shared/fixtures');

const TABLE_CUT_NAME = `+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 610.57.04              KMD Version: 610.57.04     CUDA UMD Version: 13.3     |
+-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|                                         |                        |               MIG M. |
|=========================================+========================+======================|
|   0  NVIDIA GeForce RTX 2080 ...    Off |   00000000:0C:00.0 Off |                  N/A |
| 38%   38C    P2             97W /  250W |     815MiB /   8192MiB |      8%      Default |
|                                         |                        |                  N/A |
+-----------------------------------------+------------------------+----------------------+
`;
/** rocm-smi 4.3: the vendor id where the name goes, and a device id the built-in table does not know. */
const ROCM_HEX_NAME = '{"card0": {"GPU ID": "0x7fff", "Card series": "0x1002", "Card model": "0x1002", "PCI Bus": "0000:03:00.0"}}';

const CASES: [what: string, text: string, en: string, zh: string][] = [
  [
    'a table that cut a name',
    TABLE_CUT_NAME,
    'import incomplete: the table cut 1 GPU name short (“…”); nvidia-smi -q or --query-gpu=name prints them whole',
    '导入 不完整：表格截短了 1 个 GPU 名称（“…”）；nvidia-smi -q 或 --query-gpu=name 会打印完整名称',
  ],
  [
    'a process list',
    fixture('nvidia-smi/h200_driver-590.48.01_query-compute-apps_load.csv'),
    'import incomplete: this is a process list (--query-compute-apps): its GPUs are known only by name and id',
    '导入 不完整：这是进程列表（--query-compute-apps）：其中的 GPU 只有名称和编号',
  ],
  [
    'a CSV of a GPU in MIG mode',
    fixture('nvidia-smi/h100-80gb-hbm3_mig_driver-590.48.01_query-gpu-all-fields_load.csv'),
    'GPU 0 not supported: MIG is on, but nvidia-smi’s CSV query cannot list MIG instances (the NVML backend can)',
    'GPU 0 不支持：MIG 已开启，但 nvidia-smi 的 CSV 查询无法列出 MIG 实例（NVML 后端可以）',
  ],
  [
    'rocm-smi 4.x naming a card by its vendor id',
    ROCM_HEX_NAME,
    'GPU 0 not reported: rocm-smi printed the id "0x1002" where the name goes; the name is not known',
    'GPU 0 未报告：rocm-smi 在名称处打印的是编号 "0x1002"，GPU 名称不详',
  ],
  [
    'lspci with a BMC display',
    fixture('lspci/ampere-altra-arm64_aspeed-only_pci-domains_lspci-nn.txt'),
    'pci:0003:02:00.0 not a GPU: also on the bus: ASPEED ASPEED Graphics Family',
    'pci:0003:02:00.0 不是 GPU：同在总线上的其他设备：ASPEED ASPEED Graphics Family',
  ],
];

describe('notes on pasted output', () => {
  it.each(CASES)('%s: said in English and in Chinese', (_what, text, en, zh) => {
    const problems = importText(text).reading.problems;
    expect(problems.map((p) => problemLine(p, createTranslator('en')))).toContain(en);
    const lines = problems.map((p) => problemLine(p, createTranslator('zh-CN')));
    expect(lines).toContain(zh);
    // No code word of gpuwise's own is left in a Chinese line.
    for (const line of lines) expect(line).not.toMatch(/partial|not-a-gpu|^\s*import\b/);
  });

  it('nvidia-smi -L: the note says what the list lacks, in Chinese', () => {
    const list = importText(fixture('import/rtx-4070-laptop_windows_nvidia-smi-L.txt')).reading.problems;
    expect(list.map((p) => problemLine(p, createTranslator('zh-CN')))).toEqual(['导入 不完整：nvidia-smi -L 只有名称和 UUID']);
  });
});

// The real captures (../shared/fixtures, with SOURCES.md) live beside the repository, not in it:
// a clone without them skips this sweep, saying which folder it looked for. CI has them (.ci/run
// links ../shared), so there it runs; GPUWISE_SHARED_DIR points it at another copy.
describe.skipIf(!existsSync(SHARED))(`notes on every shared capture (skipped when ${SHARED} does not exist; set GPUWISE_SHARED_DIR to the folder that holds fixtures/)`, () => {
  it('every note about the import as a whole, or a device that is not a GPU, has a message key', () => {
    const unkeyed: string[] = [];
    for (const folder of readdirSync(SHARED)) {
      const dir = path.join(SHARED, folder);
      if (!statSync(dir).isDirectory()) continue;
      for (const name of readdirSync(dir).filter((n) => n !== 'SOURCES.md' && !/collect-env|tf-build-info/.test(n))) {
        let problems;
        try {
          problems = importText(readFileSync(path.join(dir, name), 'utf8')).reading.problems;
        } catch {
          continue; // Not a device listing (fixtures.test.ts says which file is read as what).
        }
        for (const p of problems) if ((p.scope === 'import' || p.code === 'not-a-gpu') && !(p.key && isMessageKey(p.key))) unkeyed.push(`${folder}/${name}: ${p.message}`);
      }
    }
    expect(unkeyed).toEqual([]);
  });
});
