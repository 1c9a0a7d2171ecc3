// `gpuwise estimate`: the training line names what the task is (training from scratch is no
// fine-tuning), and a bad --config file is refused in the reader's language, without Node's or
// V8's English.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';

describe('estimate --task train', () => {
  it('is training from scratch, not full fine-tuning; --task finetune still is', async () => {
    const train = await run(['estimate', '--task', 'train', '--params', '7B']);
    expect(train.out).toContain('mixed BF16, AdamW, training from scratch;');
    expect(train.out).not.toContain('fine-tuning');
    const zh = await run(['estimate', '--task', 'train', '--params', '7B'], 'zh-CN');
    expect(zh.out).toContain('AdamW，从头训练；');
    expect(zh.out).not.toContain('微调');
    const finetune = await run(['estimate', '--task', 'finetune', '--params', '7B']);
    expect(finetune.out).toContain('AdamW, full fine-tuning;');
  });
});

describe('estimate --config errors in zh-CN', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-config-'));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it.each([
    ['no such file', () => join(dir, 'missing.json'), '：没有这个文件（ENOENT）。'],
    ['malformed JSON', () => file('bad.json', '{x'), '不是有效的 JSON：在第 1 行第 2 列出错。'],
    ['no fields', () => file('empty.json', '{}'), '：缺少“num_hidden_layers”。'],
    ['a directory', () => dir, '：它不是普通文件（是目录？）。'],
  ])('%s', async (_what, path, text) => {
    const r = await run(['estimate', '--config', path(), '--lang', 'zh-CN'], 'zh-CN');
    expect(r.exitCode).toBe(2);
    expect(r.err).toContain(text);
    expect(r.err).not.toMatch(/no such file|stat '|Expected property|is missing|not a regular file/);
  });
});
