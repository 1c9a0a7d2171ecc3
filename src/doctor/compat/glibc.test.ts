// PyTorch wheels from 2.6 on need glibc 2.28: on RHEL 7 / CentOS 7 (2.17), Amazon Linux 2 (2.26),
// Ubuntu 18.04 (2.27) pip finds nothing newer than 2.5.1, so the fix pins it — in the doctor's
// fix and in the guide, in both languages.

import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { pytorchInstallSteps } from '../fixes/frameworks.js';
import type { FixTarget } from '../fixes/target.js';
import { parseTargetOs, reportForTarget, resolveTargetGpu } from '../from/target.js';
import { buildGuide, renderGuideText } from '../index.js';
import { oldGlibcOf } from './glibc.js';
import { choosePytorchBuild } from './pytorch-builds.js';

const NOW = () => new Date('2026-12-01T00:00:00Z');
const target = (distroId: string, versionId: string, family: FixTarget['family']): FixTarget => ({ family, distroId, versionId, prettyName: null, wsl: false, container: null, arch: 'x64' });

describe('old glibc and PyTorch', () => {
  it.each([
    ['rhel', '7.9', 'rhel', '2.17'],
    ['centos', '7', 'rhel', '2.17'],
    ['amzn', '2', 'rhel', '2.26'],
    ['ubuntu', '18.04', 'ubuntu', '2.27'],
    ['ubuntu', '20.04', 'ubuntu', null],
    ['rocky', '8.10', 'rhel', null],
    ['amzn', '2023', 'rhel', null],
  ] as const)('%s %s has glibc %s (null: new enough)', (id, version, family, glibc) => {
    expect(oldGlibcOf(target(id, version, family))).toBe(glibc);
  });

  it('a cap keeps only builds published with that release, pinned to it', () => {
    expect(choosePytorchBuild('12.8', ['7.0'], '2.5.1')?.pipArgs).toEqual(['-m', 'pip', 'install', '--upgrade', 'torch==2.5.1', '--index-url', 'https://download.pytorch.org/whl/cu124']);
    expect(choosePytorchBuild('12.2', ['7.0'], '2.5.1')?.build.tag).toBe('cu121');
    expect(choosePytorchBuild('12.8', ['7.0'])?.build.tag).toBe('cu126'); // uncapped: the newest build covering Volta
  });

  it('the doctor’s fix on CentOS 7 pins torch 2.5.1 and says why, in both languages', () => {
    const steps = pytorchInstallSteps(target('centos', '7', 'rhel'), '/opt/py/bin/python', '12.4', ['7.0'])!;
    expect(steps[1]!.commands).toEqual(["/opt/py/bin/python -m pip install --upgrade torch==2.5.1 --index-url https://download.pytorch.org/whl/cu124"]);
    const { key, params } = steps[1]!.explain;
    expect(createTranslator('en')(key, params)).toContain('newer PyTorch wheels need glibc 2.28, and this system has 2.17');
    expect(createTranslator('zh-CN')(key, params)).toContain('更新的 PyTorch 需要 glibc 2.28，而这个系统是 2.17');
    expect(pytorchInstallSteps(target('rocky', '9.4', 'rhel'), 'python3', '12.4', ['7.0'])![1]!.commands[0]).toContain(' torch==2.6.0 ');
  });

  it('guide pytorch --for centos-7 installs what pip can find there', async () => {
    const gpu = resolveTargetGpu('v100');
    if (!gpu.ok) throw new Error('no V100 in the catalog');
    const guide = buildGuide('pytorch', await reportForTarget(parseTargetOs('centos-7')!, gpu, NOW));
    const text = renderGuideText(guide, createTranslator('zh-CN'), pc.createColors(false));
    expect(text).toContain('$ python3 -m pip install --upgrade torch==2.5.1 --index-url https://download.pytorch.org/whl/cu124');
    expect(text).toContain('PyTorch 2.5.1');
  });
});
