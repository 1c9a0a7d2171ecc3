// #/doctor: the doctor's report for the machine serve runs on, on demand. The button starts a run
// on the server (GET /api/v1/doctor?start=1), the page polls it for progress, then shows every
// check by layer with what is wrong and the exact fix commands to copy. Nothing is ever executed.
import { useEffect, useRef, useState } from 'preact/hooks';
import { safeText } from '../../../src/core/safe-text.js';
import { doctorLatest, doctorPoll, doctorStart, type DoctorRun, type Layer } from '../api/advice.js';
import type { PageProps } from '../app/pages.js';
import { useI18n } from '../app/context.js';
import type { WebTranslate } from '../app/i18n.js';
import { DoctorCheckView } from '../components/advice/doctor-check.js';
import '../components/advice/advice.css';

const POLL_MS = 400;
const LAYER_KEYS: Record<Layer, Parameters<WebTranslate>[0]> = {
  hardware: 'web.doctor.layer.hardware',
  os: 'web.doctor.layer.os',
  driver: 'web.doctor.layer.driver',
  cuda: 'web.doctor.layer.cuda',
  frameworks: 'web.doctor.layer.frameworks',
  containers: 'web.doctor.layer.containers',
};
const COUNT_KEYS = { fail: 'web.doctor.count.fail', warn: 'web.doctor.count.warn', ok: 'web.doctor.count.ok', skipped: 'web.doctor.count.skipped' } as const;

function Progress({ run, t }: { run: DoctorRun; t: WebTranslate }) {
  const current = run.tasks.filter((task) => task.state !== 'done');
  return (
    <div class="advice-progress" role="status" aria-live="polite" data-testid="doctor-progress">
      <progress max={Math.max(run.tasks.length, 1)} value={run.done} />
      <p>{run.tasks.length === 0 ? t('web.doctor.starting') : t('web.doctor.running', { done: run.done, total: run.tasks.length })}</p>
      {current.length > 0 && <ul class="advice-muted">{current.map((task) => <li key={task.key + task.text}>{safeText(task.text)}</li>)}</ul>}
    </div>
  );
}

export default function DoctorPage(_props: PageProps) {
  const { t, locale } = useI18n();
  const [run, setRun] = useState<DoctorRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);

  const follow = (next: DoctorRun) => {
    if (!alive.current) return;
    setRun(next);
    if (next.state !== 'running') return;
    timer.current = setTimeout(() => {
      doctorPoll(next.id, locale).then((answer) => follow(answer.run), (cause: unknown) => setError(cause instanceof Error ? cause.message : String(cause)));
    }, POLL_MS);
  };

  // The latest run (kept by the server) shows at once, in this language; one still running is followed.
  useEffect(() => {
    alive.current = true;
    doctorLatest(locale).then(
      (answer) => {
        setLoaded(true);
        if (answer.run) follow(answer.run);
      },
      (cause: unknown) => {
        setLoaded(true);
        setError(cause instanceof Error ? cause.message : String(cause));
      },
    );
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [locale]);

  const start = () => {
    setError(null);
    if (timer.current) clearTimeout(timer.current);
    doctorStart(locale).then((answer) => follow(answer.run), (cause: unknown) => setError(cause instanceof Error ? cause.message : String(cause)));
  };

  const running = run?.state === 'running';
  const report = run?.report ?? null;
  return (
    <section class="page advice-page" aria-labelledby="doctor-title" data-testid="doctor-page">
      <header class="advice-head">
        <div>
          <h1 id="doctor-title" class="page-title">{t('web.doctor.title')}</h1>
          <p class="advice-lead">{t('web.doctor.lead')}</p>
        </div>
        <button type="button" class="advice-primary" onClick={start} disabled={running} data-testid="doctor-run">
          {run ? t('web.doctor.rerun') : t('web.doctor.run')}
        </button>
      </header>
      {error && <p class="advice-error" role="alert">{t('web.doctor.error', { message: error })}</p>}
      {loaded && !run && !error && <p class="advice-muted">{t('web.doctor.never')}</p>}
      {run && running && <Progress run={run} t={t} />}
      {run?.state === 'failed' && <p class="advice-error" role="alert">{safeText(run.error?.message ?? '')}</p>}
      {report && (
        <div class="advice-report" data-testid="doctor-report">
          <div class={`advice-verdict advice-verdict-${report.verdict.kind}`}>
            <p>{safeText(report.verdictText)}</p>
            <p class="advice-muted">{t('web.doctor.ranAt', { time: new Date(report.generatedAt).toLocaleString(locale) })}</p>
          </div>
          <ul class="advice-counts">
            {(Object.keys(COUNT_KEYS) as (keyof typeof COUNT_KEYS)[]).map((status) => (
              <li key={status} class={`advice-badge advice-badge-${status}`}>{t(COUNT_KEYS[status], { count: report.counts[status] })}</li>
            ))}
          </ul>
          {report.layers.filter((layer) => layer.checks.length > 0).map((layer) => (
            <section key={layer.layer} class="advice-layer" aria-label={t(LAYER_KEYS[layer.layer])}>
              <h2>{t(LAYER_KEYS[layer.layer])}</h2>
              <ul class="advice-checks">{layer.checks.map((check) => <DoctorCheckView key={check.id} check={check} t={t} />)}</ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
