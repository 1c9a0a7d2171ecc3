// A --config file's problems in the reader's words: errno codes as words with the code kept, a
// JSON syntax error by line and column, a schema issue by field — no engine English in zh-CN.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '../../i18n/index.js';
import { isAdvisorError, type AdvisorError } from '../errors.js';
import { configJsonError, configNotFileError, configReadError, configSchemaError } from './config-errors.js';
import { architectureFromHfConfig } from './hf-config.js';

const errno = (code: string) => Object.assign(new Error(`${code}: something, stat 'x'`), { code });
const jsonError = (text: string) => {
  try {
    JSON.parse(text);
  } catch (error) {
    return configJsonError('c.json', text, error);
  }
  throw new Error('parsed');
};
const zh = (error: AdvisorError) => translate('zh-CN', error.key, error.params);
// Latin words a zh-CN config error may hold: the file, the format, field names, errno codes.
const LATIN_ALLOWED = /\b(?:c\.json|JSON|Transformer|config\.json|ENOENT|EACCES|EPERM|EIO|num_hidden_layers|true|false)\b/g;

describe('configReadError', () => {
  it.each([
    ['ENOENT', 'advisor.error.configNoFile', 'there is no such file (ENOENT)', '没有这个文件（ENOENT）'],
    ['ENOTDIR', 'advisor.error.configNoFile', 'there is no such file (ENOTDIR)', '没有这个文件（ENOTDIR）'],
    ['EACCES', 'advisor.error.configDenied', 'permission denied (EACCES)', '权限不足（EACCES）'],
    ['EIO', 'advisor.error.configUnreadable', 'the system refused to read it (EIO)', '系统拒绝读取（EIO）'],
  ])('%s is said in words, its code in brackets', (code, key, en, zhText) => {
    const error = configReadError('c.json', errno(code));
    expect(error.key).toBe(key);
    expect(error.message).toContain(en);
    expect(zh(error)).toContain(zhText);
    expect(error.message).not.toContain('something');
  });

  it('a directory is not a regular file, in both languages', () => {
    const error = configNotFileError('dir');
    expect(error.message).toContain('it is not a regular file');
    expect(zh(error)).toContain('它不是普通文件');
  });
});

describe('configJsonError', () => {
  it('says where the syntax breaks, by line and column, never V8’s words', () => {
    const error = jsonError('{\n  "a": 1,\n  b: 2\n}');
    expect(error.key).toBe('advisor.error.configNotJson');
    expect(error.params).toMatchObject({ line: 3, column: 3 });
    expect(error.message).toBe('The model config c.json is not valid JSON: it breaks at line 3, column 3.');
    expect(zh(error)).toBe('模型配置 c.json 不是有效的 JSON：在第 3 行第 3 列出错。');
    expect(zh(jsonError('{x'))).toBe('模型配置 c.json 不是有效的 JSON：在第 1 行第 2 列出错。');
  });

  it('an empty or cut-off file ends too soon', () => {
    for (const text of ['', '   ', '{"hidden_size": 4096,', '[1, 2\n']) expect(jsonError(text).key).toBe('advisor.error.configNotJsonEnd');
  });

  it('an engine message of another shape is kept, in brackets', () => {
    const error = configJsonError('c.json', '{', new SyntaxError('Bad thing'));
    expect(zh(error)).toBe('模型配置 c.json 不是有效的 JSON（Bad thing）。');
  });
});

describe('configSchemaError', () => {
  const schema = z.object({ n: z.number().int().positive().max(10).optional(), s: z.string().max(3).optional(), b: z.boolean().optional(), z: z.number().int().min(0).optional() });
  const issue = (value: unknown) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) throw new Error('valid');
    return configSchemaError('c.json', parsed.error);
  };

  it.each([
    [[1], 'advisor.error.configNotObject', {}],
    [{ n: 'x' }, 'advisor.error.configFieldNotNumber', { field: 'n' }],
    [{ n: 1.5 }, 'advisor.error.configFieldNotWhole', { field: 'n' }],
    [{ n: 0 }, 'advisor.error.configFieldTooSmall', { field: 'n', min: 1 }],
    [{ z: -1 }, 'advisor.error.configFieldTooSmall', { field: 'z', min: 0 }],
    [{ n: 11 }, 'advisor.error.configFieldTooLarge', { field: 'n', max: 10 }],
    [{ s: 'abcd' }, 'advisor.error.configFieldTooLong', { field: 's', max: 3 }],
    [{ s: 1 }, 'advisor.error.configFieldNotText', { field: 's' }],
    [{ b: 'yes' }, 'advisor.error.configFieldNotBoolean', { field: 'b' }],
  ])('%j → %s', (value, key, params) => {
    const error = issue(value);
    expect(error.key).toBe(key);
    expect(error.params).toMatchObject({ path: 'c.json', ...params });
  });

  it('a missing field reads "is missing" in English and in Chinese words in zh-CN', () => {
    const error = missingLayers();
    expect(error.message).toContain('"num_hidden_layers" is missing');
    expect(zh(error)).toContain('缺少“num_hidden_layers”');
  });

  it('no zh-CN config error carries English beyond names', () => {
    const errors = [configReadError('c.json', errno('ENOENT')), configReadError('c.json', errno('EACCES')), configNotFileError('c.json'), jsonError('{x'), jsonError(''), issue({ n: 'x' }), issue({ b: 'x' }), missingLayers()];
    for (const error of errors) expect(zh(error).replace(LATIN_ALLOWED, ''), zh(error)).not.toMatch(/[A-Za-z]{3,}/);
  });
});

/** The error hf-config throws for a config without its layer count (`{}`). */
function missingLayers(): AdvisorError {
  try {
    architectureFromHfConfig({}, 'c.json');
  } catch (error) {
    if (isAdvisorError(error)) return error;
    throw error;
  }
  throw new Error('accepted');
}
