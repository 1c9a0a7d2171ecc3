// The overview with no GPU: the server runs, and says what each backend of the chain found, in
// order, with the doctor one click away.
import { useEffect, useState } from 'preact/hooks';
import { safeText } from '../../../src/core/safe-text.js';
import { apiClient, type BackendAttemptSummary } from '../api/index.js';
import { useI18n } from '../app/context.js';
import { isWebMessageKey } from '../app/i18n.js';
import { routeHref } from '../app/router.js';
import { AlertIcon, ChevronIcon } from './icons.js';

export function NoGpu({ attempts }: { attempts: readonly BackendAttemptSummary[] }) {
  const { t, locale } = useI18n();
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    // The server's own sentence (in the page's language), for when the stream's sample lists no
    // attempt to show: /snapshot carries it, the stream does not.
    if (attempts.length > 0) return;
    let alive = true;
    apiClient()
      .snapshot()
      .then((answer) => alive && setMessage(answer.noGpu?.message ?? null))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [locale, attempts.length]);
  return (
    <section class="no-gpu" data-testid="no-gpu">
      <div class="no-gpu-icon" aria-hidden="true">
        <AlertIcon />
      </div>
      <h1 class="page-title">{t('web.overview.noGpu.title')}</h1>
      <p class="no-gpu-lead">{t('web.overview.noGpu.lead')}</p>
      {attempts.length > 0 && (
        <>
          <p class="no-gpu-sub">{t('web.overview.noGpu.tried')}</p>
          <ol class="attempts" data-testid="backend-attempts">
            {attempts.map((attempt) => (
              <li key={attempt.backend} class={`attempt attempt-${attempt.ok ? 'ok' : 'fail'}`} data-backend={attempt.backend}>
                <span class="attempt-name mono">{safeText(attempt.backend)}</span>
                <span class="attempt-reason">{attempt.ok ? t('info.attempt.ok') : reasonText(attempt, t)}</span>
                {attempt.detail && <span class="attempt-detail mono">{safeText(attempt.detail)}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
      {message && (
        <p class="no-gpu-server">
          <span class="muted">{t('web.overview.noGpu.server')}</span> {safeText(message)}
        </p>
      )}
      <a class="button-primary" href={routeHref('doctor')} data-testid="no-gpu-doctor">
        {t('web.overview.noGpu.doctor')}
        <ChevronIcon />
      </a>
      <p class="muted no-gpu-hint">{t('web.overview.noGpu.doctorHint')}</p>
    </section>
  );
}

function reasonText(attempt: BackendAttemptSummary, t: ReturnType<typeof useI18n>['t']): string {
  const key = `info.reason.${attempt.code ?? 'error'}`;
  return isWebMessageKey(key) ? t(key) : safeText(attempt.code ?? '');
}
