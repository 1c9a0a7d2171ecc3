// #/: every GPU of this machine at a glance, live. One card per GPU (components/gpu-card.tsx)
// under the machine's totals; no GPU → what the backend chain found and the doctor's link.
import { useEffect } from 'preact/hooks';
import type { PageProps } from '../app/pages.js';
import { useI18n } from '../app/context.js';
import { useLive } from '../app/live.js';
import { GpuCard } from '../components/gpu-card.js';
import { deviceKey, processesOf } from '../components/gpu-card-model.js';
import { NoGpu } from '../components/no-gpu.js';
import { OverviewHeader, OverviewTiles, ProblemsNote } from '../components/overview-summary.js';
import { useSparklines } from '../components/use-sparklines.js';
import '../styles/overview.css';

const RENDERED_MARK = 'gpuwise:overview-rendered';

export default function OverviewPage(_props: PageProps) {
  const { t } = useI18n();
  const { sample, status } = useLive();
  const sparks = useSparklines(sample);
  const cards = sample?.snapshot.devices.length ?? 0;
  useEffect(() => {
    // For bench:web and the browser's performance panel: when the first cards are on screen.
    if (cards > 0 && performance.getEntriesByName(RENDERED_MARK).length === 0) performance.mark(RENDERED_MARK);
  }, [cards]);

  if (!sample) {
    const failed = status.state === 'closed' && status.error !== null;
    return (
      <section class="page" data-testid="overview" aria-busy={!failed}>
        <h1 class="visually-hidden">{t('web.overview.title')}</h1>
        {failed ? (
          <p class="load-error" role="alert">{t('web.overview.loadFailed', { detail: status.error!.message })}</p>
        ) : (
          <div class="skeleton-grid" aria-label={t('web.overview.loading')}>
            <p class="muted">{t('web.overview.loading')}</p>
            {[0, 1, 2, 3].map((n) => <div key={n} class="skeleton-card" />)}
          </div>
        )}
      </section>
    );
  }

  const { snapshot } = sample;
  if (snapshot.devices.length === 0) {
    return (
      <section class="page" data-testid="overview">
        <NoGpu attempts={snapshot.backendAttempts} />
      </section>
    );
  }

  return (
    <section class="page" data-testid="overview" data-seq={sample.seq}>
      <OverviewHeader sample={sample} />
      <OverviewTiles sample={sample} />
      <ProblemsNote sample={sample} />
      <div class="gpu-grid" data-testid="gpu-grid">
        {snapshot.devices.map((device) => {
          const key = deviceKey(device);
          return (
            <GpuCard
              key={key}
              device={device}
              capabilities={snapshot.capabilities}
              backend={snapshot.backend}
              processes={processesOf(snapshot.processes, device)}
              problems={snapshot.problems}
              spark={sparks.get(key) ?? []}
              endMs={sample.wallMs}
            />
          );
        })}
      </div>
    </section>
  );
}
