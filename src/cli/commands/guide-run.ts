// The work behind `gpuwise guide`: a doctor run of this machine, or with `--for` of a target
// machine known only by its OS and GPU; then the topic's guide, with mirror steps for China when
// asked (`--mirror cn`) or when the reader's language is zh-CN.

import type { DoctorReport } from '../../doctor/index.js';
import type { MirrorRegion } from '../../doctor/guide/mirrors.js';
import type { GuideTopic } from '../../doctor/guide/types.js';
import type { Message } from '../../doctor/types.js';
import { safeText } from '../../core/safe-text.js';
import type { CliContext } from '../context.js';
import { usageErrorText } from '../usage-errors.js';

export interface GuideOptions {
  json?: boolean;
  timeout?: number;
  for?: string;
  gpu?: string;
  mirror?: 'cn' | 'none';
}

/** The target's report and its note, or the translated reason the target is not understood. */
async function targetReport(cli: CliContext, options: GuideOptions): Promise<{ report: DoctorReport; note: Message } | { error: string }> {
  const { parseTargetOs, reportForTarget, resolveTargetGpu, TARGET_EXAMPLES } = await import('../../doctor/from/target.js');
  const list = (items: readonly string[]) => items.join(cli.t('cli.help.listSeparator'));
  const target = parseTargetOs(options.for ?? '');
  // The values are the user's argv, echoed back: shown escaped, never obeyed by the terminal.
  if (!target) return { error: cli.t('guide.cli.badFor', { value: safeText(options.for ?? ''), examples: list(TARGET_EXAMPLES) }) };
  const gpu = options.gpu === undefined ? null : resolveTargetGpu(options.gpu);
  if (gpu && !gpu.ok) {
    const suggestions = gpu.suggestions.length > 0 ? cli.t('guide.cli.suggestions', { list: list(gpu.suggestions) }) : '';
    return { error: cli.t('guide.cli.badGpu', { value: safeText(gpu.query), suggestions }) };
  }
  const report = await reportForTarget(target, gpu);
  const os = report.machine.target.prettyName ?? target.label;
  const note: Message = gpu ? { key: 'guide.target.noteGpu', params: { os, gpu: gpu.name } } : { key: 'guide.target.note', params: { os } };
  return { report, note };
}

export async function runGuide(cli: CliContext, topic: GuideTopic, options: GuideOptions): Promise<number> {
  // Bad usage is said in the one shape of usage errors: "Error: …", then this command's help.
  const refuse = (message: string) => {
    cli.err(usageErrorText(cli.t, 'gpuwise guide', message));
    return 2;
  };
  if (options.for !== undefined && options.timeout !== undefined) return refuse(cli.t('import.error.notApplying', { option: '--timeout', with: '--for' }));
  if (options.gpu !== undefined && options.for === undefined) return refuse(cli.t('guide.cli.gpuWithoutFor'));
  const [{ diagnoseThisMachine }, { buildGuide, renderGuideJson, renderGuideText }] = await Promise.all([import('./doctor-run.js'), import('../../doctor/index.js')]);
  let report: DoctorReport;
  const notes: Message[] = [];
  if (options.for !== undefined) {
    const target = await targetReport(cli, options);
    if ('error' in target) return refuse(target.error);
    report = target.report;
    notes.push(target.note);
  } else report = await diagnoseThisMachine(cli, options.json === true, options.timeout);
  const mirror: MirrorRegion | null = options.mirror === 'cn' || (options.mirror === undefined && cli.locale === 'zh-CN') ? 'cn' : null;
  const guide = buildGuide(topic, report, { mirror, notes, elsewhere: options.for !== undefined });
  cli.out(options.json ? renderGuideJson(guide, cli.t) : renderGuideText(guide, cli.t, cli.color));
  return 0;
}
