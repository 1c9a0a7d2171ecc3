// One doctor check: its status, what it found, and — when something is wrong — why it matters and
// the exact commands that fix it, shown for the reader to run (gpuwise never runs them).
// What it found quotes the machine (driver strings, program output, paths): all of it is shown
// through safeText, so a control or bidi character there is visible, not acted on.
import { safeText } from '../../../../src/core/safe-text.js';
import type { DoctorCheck, DoctorFixStep } from '../../api/advice.js';
import type { WebTranslate } from '../../app/i18n.js';
import { CopyCommand } from './copy-command.js';

const STATUS_KEYS = { ok: 'web.doctor.status.ok', warn: 'web.doctor.status.warn', fail: 'web.doctor.status.fail', skipped: 'web.doctor.status.skipped' } as const;

function Step({ step, t }: { step: DoctorFixStep; t: WebTranslate }) {
  const notes = [
    step.needsRoot ? t('web.doctor.needsRoot') : null,
    step.rebootAfter ? t('web.doctor.reboot') : null,
    step.where === 'windows-host' ? t('web.doctor.where.windowsHost') : step.where === 'container-host' ? t('web.doctor.where.containerHost') : null,
  ].filter((note): note is string => note !== null);
  return (
    <li class="advice-step">
      <p>{safeText(step.explain.text)}</p>
      {notes.length > 0 && <p class="advice-muted">{notes.join(' · ')}</p>}
      {step.commands.length > 0 ? <CopyCommand commands={step.commands} t={t} /> : <p class="advice-muted">{t('web.doctor.manual')}</p>}
    </li>
  );
}

export function DoctorCheckView({ check, t }: { check: DoctorCheck; t: WebTranslate }) {
  const open = check.status === 'fail' || check.status === 'warn';
  return (
    <li class={`advice-check advice-${check.status}`} data-testid="doctor-check" data-check={check.id} data-status={check.status}>
      <div class="advice-check-head">
        <span class={`advice-badge advice-badge-${check.status}`}>{t(STATUS_KEYS[check.status])}</span>
        <strong>{safeText(check.title.text)}</strong>
      </div>
      <p class="advice-summary">{safeText(check.summary.text)}</p>
      {check.fix && (
        <details class="advice-fix" open={open}>
          <summary>{t('web.doctor.fix')}</summary>
          <p>{safeText(check.fix.why.text)}</p>
          <ol>
            {check.fix.steps.map((step, i) => <Step key={i} step={step} t={t} />)}
          </ol>
          {check.fix.steps.some((step) => step.commands.length > 0) && <p class="advice-muted">{t('web.doctor.notRun')}</p>}
          {check.fix.docs.length > 0 && (
            <p class="advice-muted">
              {t('web.doctor.docs')}{' '}
              {check.fix.docs.map((doc) => <code key={doc} class="advice-doc">{safeText(doc)}</code>)}
            </p>
          )}
        </details>
      )}
      {check.evidence.length > 0 && (
        <details class="advice-evidence">
          <summary>{t('web.doctor.evidence')}</summary>
          <ul>{check.evidence.map((line, i) => <li key={i}>{safeText(line.text)}</li>)}</ul>
        </details>
      )}
    </li>
  );
}
