// `--from` on what is not a tool's output, or is a hostile one: each gives a clear, translated
// error (an ImportError, with the formats listed where none matched), never a hang or a crash.

import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/index.js';
import { importText, formatList, IMPORT_FORMATS } from './index.js';
import { openFrom } from './open-from.js';
import { readBounded, readImportText } from './read-input.js';
import { ImportError } from './types.js';
import { parseXml } from './xml.js';

function errorOf(run: () => unknown): ImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

async function asyncErrorOf(run: () => Promise<unknown>): Promise<ImportError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

const en = createTranslator('en');
const zh = createTranslator('zh-CN');
const GPU = '<gpu id="00000000:01:00.0"><product_name>NVIDIA H100</product_name><fb_memory_usage><total>81559 MiB</total></fb_memory_usage></gpu>';
const xml = (body: string, prolog = '') => `<?xml version="1.0" ?>\n${prolog}<nvidia_smi_log><driver_version>580.65.06</driver_version>${body}</nvidia_smi_log>\n`;

describe('detection', () => {
  it.each([
    ['prose', 'My GPU does not work, please help! I installed the driver yesterday.'],
    ['an HTML page', '<!DOCTYPE html><html><body><p>Not found</p></body></html>'],
    ['someone else’s JSON', '{"name": "resnet", "layers": 50}'],
    ['a shell error', 'bash: nvidia-smi: command not found'],
    ['a lone CSV header of unknown fields', 'foo, bar, baz\n1, 2, 3\n'],
  ])('%s is no format, and the message lists every format with its command', (_name, text) => {
    const error = errorOf(() => importText(text));
    expect(error.key).toBe('import.error.unknownFormat');
    const message = en(error.key, error.params);
    for (const format of IMPORT_FORMATS) expect(message).toContain(format.id);
    expect(message).toContain('nvidia-smi -q -x');
    expect(zh(error.key, error.params)).toContain('无法识别');
  });

  it('binary noise is refused as not text, before any parser sees it', () => {
    const noise = Array.from({ length: 4096 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join('');
    expect(errorOf(() => importText(noise)).key).toBe('import.error.binary');
  });

  it('an empty or blank input says so', () => {
    expect(errorOf(() => importText('  \n\t\n')).key).toBe('import.error.empty');
  });

  it('formatList has one line per format', () => {
    expect(formatList().split('\n')).toHaveLength(IMPORT_FORMATS.length);
  });
});

describe('XML safety', () => {
  it('entity definitions are never expanded (billion laughs): the reference stays as written', () => {
    const entities = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`)];
    const text = xml(GPU.replace('NVIDIA H100', '&lol9;'), `<!DOCTYPE nvidia_smi_log [\n${entities.join('\n')}\n]>\n`);
    const { reading } = importText(text);
    expect(reading.devices[0]!.name).toBe('&lol9;');
  });

  it('an external entity is not read (no file, no network)', () => {
    const text = xml(GPU.replace('NVIDIA H100', '&xxe;'), '<!DOCTYPE nvidia_smi_log [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n');
    expect(importText(text).reading.devices[0]!.name).toBe('&xxe;');
  });

  it('the predefined entities and character references are decoded', () => {
    expect(importText(xml(GPU.replace('NVIDIA H100', 'A &amp; B &#x4e2d; &#25991;'))).reading.devices[0]!.name).toBe('A & B 中 文');
  });

  it('deep nesting stops at the depth limit', () => {
    const depth = 100_000;
    const text = xml(`<gpu>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</gpu>`);
    expect(errorOf(() => importText(text)).key).toBe('import.error.xmlDepth');
  });

  it('deep indentation in nvidia-smi -q text stops at its depth limit, with its own message', () => {
    const deep = Array.from({ length: 200 }, (_, i) => `${' '.repeat(i * 4)}Level ${i}`).join('\n');
    const error = errorOf(() => importText(`==============NVSMI LOG==============\nGPU 00000000:01:00.0\n${deep}\n`));
    expect(error.key).toBe('import.error.textDepth');
  });

  it('too many elements stop at the element limit', () => {
    expect(errorOf(() => parseXml(`<r>${'<a/>'.repeat(200)}</r>`, { maxDepth: 8, maxElements: 100, maxChars: 1e6 })).key).toBe('import.error.xmlElements');
  });

  it.each([
    ['cut inside an element', xml(GPU).slice(0, xml(GPU).indexOf('NVIDIA H100') + 4), 'import.error.truncated'],
    ['cut inside a tag', xml(GPU).slice(0, 95), 'import.error.xml'],
    ['mismatched tags', xml('<gpu><product_name>x</gpu>'), 'import.error.xml'],
    ['an unclosed comment', xml('<!-- x'), 'import.error.xml'],
    ['a second root', `${xml(GPU)}<nvidia_smi_log></nvidia_smi_log>`, 'import.error.xml'],
    ['another program’s XML that names nvidia_smi_log inside', '<html><nvidia_smi_log></nvidia_smi_log></html>', 'import.error.xmlRoot'],
  ])('%s is a clear error', (_name, text, key) => {
    const error = errorOf(() => importText(text));
    expect(error.key).toBe(key);
    expect(en(error.key, error.params)).not.toMatch(/\{\w+\}/);
  });
});

describe('reading the input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-import-'));

  it('a file over the limit is refused from its size, without reading it (a sparse 1 GB file)', async () => {
    const path = join(dir, 'huge.xml');
    writeFileSync(path, '');
    truncateSync(path, 2 ** 30);
    expect((await asyncErrorOf(() => readImportText(path))).key).toBe('import.error.tooLarge');
  });

  it('a stream that never ends (a 1 GB line on stdin) stops at the limit, having read no more than that', async () => {
    let produced = 0;
    const chunk = Buffer.alloc(2 ** 20, 'a');
    const endless = new Readable({
      read() {
        produced += chunk.length;
        this.push(chunk);
      },
    });
    const limit = 8 * 2 ** 20;
    expect((await asyncErrorOf(() => readBounded(endless, limit))).key).toBe('import.error.tooLarge');
    // The stream's own read-ahead may add a few chunks, never the whole gigabyte.
    expect(produced).toBeLessThan(limit + 64 * 2 ** 20);
  });

  it('a terminal on stdin is not waited on', async () => {
    const stdin = Object.assign(Readable.from([]), { isTTY: true });
    expect((await asyncErrorOf(() => readImportText('-', { stdin }))).key).toBe('import.error.stdinTerminal');
  });

  it('stdin is read when piped', async () => {
    const text = await readImportText('-', { stdin: Readable.from([Buffer.from(xml(GPU))]) });
    expect(importText(text).format.id).toBe('nvidia-smi-xml');
  });

  it('UTF-16 with a BOM (PowerShell 5 `>`) is decoded', async () => {
    const path = join(dir, 'utf16.xml');
    writeFileSync(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml(GPU), 'utf16le')]));
    const text = await readImportText(path);
    expect(importText(text).reading.devices[0]!.name).toBe('NVIDIA H100');
  });

  it('a missing file and a directory are errors in both languages', async () => {
    for (const path of [join(dir, 'missing.xml'), dir]) {
      const opened = await openFrom(path, zh);
      expect(opened.ok).toBe(false);
      if (!opened.ok) expect(opened.message).toContain('无法读取');
    }
  });
});
