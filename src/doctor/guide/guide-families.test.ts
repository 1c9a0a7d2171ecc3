// Every OS family's install steps: each family's own package manager only, and each step
// explained in the reader's language (Chinese in zh-CN, no Chinese left in English).

import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { parseTargetOs, reportForTarget, resolveTargetGpu } from '../from/target.js';
import { buildGuide, type Guide } from '../index.js';
import type { GuideTopic } from './types.js';

const NOW = () => new Date('2026-12-01T00:00:00Z');
const TOPICS: GuideTopic[] = ['driver', 'cuda', 'cudnn', 'docker'];
const CJK = /[\u4e00-\u9fff]/;

async function guides(os: string): Promise<Guide[]> {
  const gpu = resolveTargetGpu('rtx-4090');
  if (!gpu.ok) throw new Error('no RTX 4090 in the catalog');
  const report = await reportForTarget(parseTargetOs(os)!, gpu, NOW);
  return TOPICS.map((topic) => buildGuide(topic, report));
}

describe.each([
  ['ubuntu-24.04', /^sudo (apt-get|apt|ubuntu-drivers) /, /\b(yum|dnf)\b/],
  ['debian-12', /^sudo apt-get /, /\b(yum|dnf)\b/],
  ['centos-7', /^sudo yum /, /\b(dnf|apt-get)\b/],
  ['rhel-9', /^sudo dnf /, /\b(yum |apt-get)\b/],
  ['rocky-8', /^sudo dnf /, /\b(yum |apt-get)\b/],
  ['amzn-2023', /^sudo dnf /, /\b(yum |apt-get)\b/],
  ['fedora-42', /^sudo dnf /, /\b(yum |apt-get)\b/],
])('%s', (os, installer, foreign) => {
  it('installs with its own package manager only', async () => {
    const commands = (await guides(os)).flatMap((g) => g.steps.flatMap((s) => s.actions.flatMap((a) => a.commands)));
    const installs = commands.filter((c) => / install /.test(c) && c.startsWith('sudo ') && !/usermod|systemctl|tee/.test(c));
    expect(installs.length).toBeGreaterThan(2);
    for (const c of installs) expect(c).toMatch(installer);
    expect(commands.join('\n')).not.toMatch(foreign);
  });

  it('explains every step in the reader’s language', async () => {
    const en = createTranslator('en');
    const zh = createTranslator('zh-CN');
    for (const guide of await guides(os)) {
      for (const action of guide.steps.flatMap((s) => s.actions)) {
        const { key, params } = action.explain;
        expect(zh(key, params), key).toMatch(CJK);
        expect(en(key, params), key).not.toMatch(CJK);
      }
    }
  });
});
