// A guide for people: numbered steps marked done (✓), to do (→), to read (i) or blocked (✗),
// each with its commands and where to run them, then the verification commands.

import { safeText, toSafeJson } from '../../core/safe-text.js';
import type { Translate } from '../../i18n/index.js';
import { localize } from '../report/localize.js';
import { stepLocation, text, type Colors } from '../report/render-text.js';
import { safeTranslator } from '../report/safe-translate.js';
import type { Guide, GuideStepState } from './types.js';

const MARKS: Record<GuideStepState, string> = { done: '✓', todo: '→', info: 'i', blocked: '✗' };

export function renderGuideText(guide: Guide, translate: Translate, color: Colors): string {
  const t = safeTranslator(translate);
  const lines = [color.bold(text(t, guide.title)), ''];
  for (const note of guide.notes ?? []) lines.push(color.yellow(text(t, note)));
  if (guide.notes?.length) lines.push('');
  guide.steps.forEach((step, index) => {
    const mark = step.state === 'done' ? color.green(MARKS.done) : step.state === 'blocked' ? color.red(MARKS.blocked) : step.state === 'todo' ? color.yellow(MARKS.todo) : color.cyan(MARKS.info);
    const state = t(`doctor.guide.state.${step.state}`);
    lines.push(`${mark} ${index + 1}. ${color.bold(text(t, step.title))} ${color.dim(`[${state}]`)}`);
    for (const detail of step.detail) lines.push(`     ${text(t, detail)}`);
    for (const action of step.actions) {
      const where = stepLocation(action, t);
      lines.push(`     • ${text(t, action.explain)}${where ? color.dim(t('doctor.render.whereSuffix', { where })) : ''}`);
      const prompt = action.shell === 'powershell' ? 'PS>' : '$';
      for (const command of action.commands) lines.push(`       ${color.cyan(`${prompt} ${safeText(command)}`)}`);
    }
    lines.push('');
  });
  if (guide.verify.length > 0) {
    lines.push(color.bold(t('doctor.guide.verifyHeading')));
    for (const check of guide.verify) {
      lines.push(`  ${text(t, check.explain)}`);
      const prompt = check.shell === 'powershell' ? 'PS>' : '$';
      for (const command of check.commands) lines.push(`    ${color.cyan(`${prompt} ${safeText(command)}`)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `guide --json`: every message with its text, through `toSafeJson` (no raw C1 or bidi characters). */
export function renderGuideJson(guide: Guide, t: Translate): string {
  return `${toSafeJson(localize(guide, t), 2)}\n`;
}
