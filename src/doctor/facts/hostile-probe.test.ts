// A framework probe that answers with impossible numbers or hostile text, on a recorded machine
// (two RTX A6000, driver 535, torch cu121): never a ✓ for a number no machine can have, and no
// escape sequence or line break from the probe reaches the screen or the JSON raw.

import { fileURLToPath } from 'node:url';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { isSafeText } from '../../core/safe-text.js';
import { createTranslator } from '../../i18n/index.js';
import { buildGuide, findCheck, renderDoctorJson, renderDoctorText, renderFixScript, renderGuideJson, renderGuideText, runDoctor } from '../index.js';
import { PROBE_MARKER } from '../probes/framework-probe.js';
import { loadFixtureEnv } from '../testing/fixture-env.js';
import { parseProbeOutput } from './python.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/doctor/ubuntu2204-driver535-torch-cu121/', import.meta.url));

/** The recorded probe answer as JSON text, so a test can put in what JSON.stringify cannot (-0, 1e400). */
function recordedProbeText(): string {
  const probe = loadFixtureEnv(FIXTURE).manifest.commands.find((c) => c.probe !== undefined)?.probe;
  return JSON.stringify(probe);
}

async function doctorWithProbe(probeJson: string) {
  const fixture = loadFixtureEnv(FIXTURE);
  const exec = fixture.env.exec;
  fixture.env.exec = async (file, args, options) =>
    file.endsWith('python3')
      ? { kind: 'exited', exitCode: 0, stdout: `${PROBE_MARKER}${probeJson}\n`, stderr: '', truncated: false, durationMs: 1 }
      : exec(file, args, options);
  const report = await runDoctor(fixture.env, fixture.inputs);
  const torch = findCheck(report, 'frameworks.pytorch');
  if (!torch) throw new Error('no frameworks.pytorch check');
  return { report, torch, t: createTranslator('en') };
}

describe('impossible numbers from the framework probe', () => {
  it('the recorded answer itself passes: 2 GPUs', async () => {
    const { torch, t } = await doctorWithProbe(recordedProbeText());
    expect(torch.status).toBe('ok');
    expect(t(torch.summary.key, torch.summary.params)).toContain('uses 2 GPUs');
  });

  it.each(['-5', '-0', '1.5', '1e400', '100000', '"2"', 'true', 'null'])('deviceCount %s is not believed: a warning that says so, never ✓', async (value) => {
    const text = recordedProbeText().replace('"deviceCount":2', `"deviceCount":${value}`);
    expect(text).toContain(`"deviceCount":${value}`);
    const { torch, t } = await doctorWithProbe(text);
    expect(torch.status).toBe('warn');
    expect(torch.summary.key).toBe('doctor.frameworks.impossible');
    expect(t(torch.summary.key, torch.summary.params)).toMatch(/^PyTorch in \/usr\/bin\/python3 reported deviceCount = .+, which no machine can have/);
  });

  it('GPU available with 0 GPUs contradicts itself', async () => {
    const { torch } = await doctorWithProbe(recordedProbeText().replace('"deviceCount":2', '"deviceCount":0'));
    expect(torch.status).toBe('warn');
    expect(torch.summary.params).toMatchObject({ field: 'deviceCount', value: '0' });
  });

  it('drops impossible memory sizes and cuDNN versions to null and names them', () => {
    const text = recordedProbeText().replace('"memoryTotalBytes":50925535232', '"memoryTotalBytes":-1').replace('"cudnnVersion":90100', '"cudnnVersion":1e300');
    const parsed = parseProbeOutput(`${PROBE_MARKER}${text}\n`);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.torch.devices?.[0]?.memoryTotalBytes).toBeNull();
    expect(parsed.torch.devices?.[1]?.memoryTotalBytes).toBe(50925535232);
    expect(parsed.torch.cudnnVersion).toBeNull();
    expect(parsed.torch.impossible).toEqual([
      { field: 'cudnnVersion', value: '1e+300' },
      { field: 'devices[0].memoryTotalBytes', value: '-1' },
    ]);
    expect(parsed.tensorflow.impossible).toEqual([]);
  });
});

describe('hostile text from the framework probe', () => {
  const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\r\n  ✓ Fake row\u0085\u202egpj.exe\u200b\b';

  it('reaches the text report, the fix script and --json only escaped', async () => {
    const probe = JSON.parse(recordedProbeText()) as { torch: Record<string, unknown>; python: Record<string, unknown> };
    probe.torch.version = `2.5.1${HOSTILE}`;
    probe.torch.kernelTest = `RuntimeError: ${HOSTILE}`;
    probe.torch.warnings = [HOSTILE];
    probe.python.version = `3.10${HOSTILE}`;
    const { report } = await doctorWithProbe(JSON.stringify(probe));
    for (const locale of ['en', 'zh-CN'] as const) {
      const t = createTranslator(locale);
      const text = renderDoctorText(report, { t, color: pc.createColors(false), verbose: true });
      expect(text).toContain('\\e]0;pwned\\x07\\e[2J\\r\\n  ✓ Fake row\\x85\\u202egpj.exe\\u200b\\x08');
      for (const line of text.split('\n')) expect(isSafeText(line)).toBe(true);
      const script = renderFixScript(report, t, { includeWarnings: true }).content;
      for (const line of script.split('\n')) expect(isSafeText(line)).toBe(true);

      const json = renderDoctorJson(report, t, locale);
      expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/);
      for (const topic of ['pytorch', 'verify'] as const) {
        const guide = buildGuide(topic, report);
        for (const line of renderGuideText(guide, t, pc.createColors(false)).split('\n')) expect(isSafeText(line)).toBe(true);
        expect(renderGuideJson(guide, t)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/);
      }
      // Escaped, not lost: a program reading the JSON gets the probe's text back.
      expect(json).toContain('\\u001b]0;pwned\\u0007');
      expect(JSON.stringify(JSON.parse(json))).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    }
  });
});
