// Every command-line vendor backend, when its tool answers at open with something that is not
// its format (a Python traceback, an empty object): the reason the chain moves on is a sentence
// in the user's language, never a message key and its values.

import { describe, expect, it } from 'vitest';
import type { BackendDriver } from '../../core/backend.js';
import { createTranslator, type MessageKey } from '../../i18n/index.js';
import type { Exec } from '../../system/exec.js';
import { createAmdSmiDriver } from '../amd-smi/index.js';
import { createMacDriver } from '../macos/index.js';
import { createRocmSmiDriver } from '../rocm-smi/index.js';
import { createWindowsDriver } from '../windows/index.js';

const TRACEBACK = 'Traceback (most recent call last):\n  File "amdsmi_cli.py", line 1\nKeyError: foo\n';
const answering = (stdout: string): Exec => async () => ({ kind: 'exited', exitCode: 0, stdout, stderr: '', truncated: false, durationMs: 1 });
const noFdinfo = { readdir: () => [], readlink: () => '', readText: () => null };

type Case = [name: string, make: (exec: Exec, env: NodeJS.ProcessEnv) => BackendDriver, stdout: string, key: MessageKey, params: Record<string, string>];
const CASES: Case[] = [
  ['amd-smi', (exec, env) => createAmdSmiDriver({ exec, env, fdinfoFs: noFdinfo }), TRACEBACK, 'vendors.parse.notJson', { format: 'amd-smi-json' }],
  ['rocm-smi', (exec, env) => createRocmSmiDriver({ exec, env, fdinfoFs: noFdinfo }), '{}', 'vendors.parse.notFormat', { format: 'rocm-smi-json' }],
  ['windows', (exec, env) => createWindowsDriver({ exec, env }), '{"unexpected": true}', 'vendors.parse.notFormat', { format: 'win32-videocontroller' }],
  ['macos', (exec, env) => createMacDriver({ exec, env }), '{"SPDisplaysDataType": []}', 'vendors.parse.noRecords', { format: 'system-profiler' }],
];

describe('a command-line backend whose tool answers something else at open', () => {
  it.each(CASES)('%s: the reason is said in English and in Chinese, not as a message key', async (_name, make, stdout, key, params) => {
    for (const [lang, locale] of [['en_US.UTF-8', 'en'], ['zh_CN.UTF-8', 'zh-CN']] as const) {
      const opened = await make(answering(stdout), { LANG: lang }).open();
      expect(opened.ok).toBe(false);
      if (opened.ok) return;
      expect(opened.unavailable.code).toBe('command-failed');
      expect(opened.unavailable.detail).toBe(createTranslator(locale)(key, params));
      expect(opened.unavailable.detail).not.toMatch(/vendors\.|[{}]/);
    }
  });
});
