// One GPU on the overview: what it is doing now (utilisation with its 5-minute line, memory,
// power against its limit, temperature, clocks, SM/tensor activity where it has them), why its
// clocks are held back, and who runs on it. A lost, hung, unreadable or unsupported GPU says so
// instead of showing a card of N/As. data-testids: docs/dashboard.md.
import { safeText, safeTextOrNull } from '../../../src/core/safe-text.js';
import type { GpuDevice, GpuProcess, Snapshot } from '../api/index.js';
import { useI18n } from '../app/context.js';
import { isWebMessageKey } from '../app/i18n.js';
import { routeHref } from '../app/router.js';
import { ChevronIcon } from './icons.js';
import { cardState, deviceKey, memoryLevel, memoryPercent, powerPercent, powerLevel, stateProblem, temperatureLevel, type CardState } from './gpu-card-model.js';
import { InfoTip } from './info-tip.js';
import { Meter } from './meter.js';
import { GpuCardFlags, GpuCardProcesses, GpuCardThrottle } from './gpu-card-parts.js';
import { Sparkline } from './sparkline.js';
import type { SparkPoint } from './spark-buffer.js';
import { Value } from './value.js';

export interface GpuCardProps {
  device: GpuDevice;
  capabilities: Snapshot['capabilities'];
  backend: string | null;
  processes: GpuProcess[];
  /** The reading's problems: the one about this GPU says why it has no values, translated. */
  problems: Snapshot['problems'];
  spark: readonly SparkPoint[];
  endMs: number;
}

/** GPM values are shown only where the GPU can have them: not when the driver says it cannot. */
function hasActivity(device: GpuDevice, field: 'smActivePercent' | 'tensorActivePercent'): boolean {
  const reason = device.unavailable[field];
  return device[field] !== null || (reason !== 'not-supported' && reason !== 'symbol-missing' && reason !== 'not-reported' && reason !== undefined);
}

const STATE_TEXT = {
  lost: 'web.card.state.lost',
  hung: 'web.card.state.hung',
  error: 'web.card.state.error',
  unsupported: 'web.card.state.unsupported',
} as const;

export function GpuCard({ device, capabilities, backend, processes, problems, spark, endMs }: GpuCardProps) {
  const { t } = useI18n();
  const state = cardState(device, capabilities);
  const key = deviceKey(device);
  const name = safeTextOrNull(device.name) ?? t('web.card.unnamed');
  return (
    <article class={`gpu-card gpu-card-${state}`} data-testid="gpu-card" data-key={key} data-state={state} aria-label={t('web.card.label', { index: device.index, name })}>
      <header class="card-head">
        <span class="gpu-index num" aria-hidden="true">{device.index}</span>
        <div class="card-title">
          <h2 class="gpu-name" data-testid="gpu-name">{name}</h2>
          <p class="gpu-meta">
            {[safeTextOrNull(device.pciBusId), device.performanceState === null ? null : t('web.card.pstate', { state: device.performanceState })]
              .filter((part): part is string => part !== null)
              .join(' · ')}
          </p>
        </div>
        <StateBadge state={state} />
        <a class="card-link" href={routeHref('gpu', key)} data-testid="gpu-card-link" aria-label={`${t('web.card.details')}: ${t('web.card.label', { index: device.index, name })}`}>
          <span class="card-link-text">{t('web.card.details')}</span>
          <ChevronIcon />
        </a>
      </header>

      {state !== 'ok' ? (
        <div class="card-trouble" role="alert" data-testid="gpu-state">
          <p class="trouble-text">{t(STATE_TEXT[state], { backend: backend ?? t('web.format.na') })}</p>
          <StateDetail device={device} problems={problems} />
        </div>
      ) : (
        <CardBody device={device} processes={processes} spark={spark} endMs={endMs} />
      )}
      {state === 'ok' || processes.length === 0 ? null : <GpuCardProcesses processes={processes} />}
    </article>
  );
}

/**
 * Why it has no values: the problem's text in the reader's language where the reading has one
 * (the raw detail is then the same sentence in English), else what the system said, as it said it.
 */
function StateDetail({ device, problems }: { device: GpuDevice; problems: Snapshot['problems'] }) {
  const { t } = useI18n();
  const problem = stateProblem(device, problems);
  if (problem?.key !== undefined && isWebMessageKey(problem.key)) {
    return <p class="trouble-detail" data-testid="gpu-state-detail">{t(problem.key, problem.params)}</p>;
  }
  if (!device.stateDetail) return null;
  return <p class="trouble-detail mono" data-testid="gpu-state-detail">{t('web.card.state.detail', { detail: safeText(device.stateDetail) })}</p>;
}

function StateBadge({ state }: { state: CardState }) {
  const { t } = useI18n();
  if (state === 'ok') return null;
  return (
    <span class={`state-badge state-${state}`} data-testid="gpu-state-badge">
      {t(`web.card.state.badge.${state}`)}
    </span>
  );
}

function CardBody({ device, processes, spark, endMs }: { device: GpuDevice; processes: GpuProcess[]; spark: readonly SparkPoint[]; endMs: number }) {
  const { t, fmt } = useI18n();
  const memory = memoryPercent(device);
  const power = powerPercent(device);
  const temperature = temperatureLevel(device);
  return (
    <>
      <section class="card-hero">
        <div class="hero-value">
          <span class="hero-label">
            {t('web.card.util')}
            <InfoTip text={t('web.card.utilHelp')} label={t('web.card.util')} testid="gpu-util-help" />
          </span>
          <Value class="hero-number" testid="gpu-util" value={device.gpuUtilPercent} text={fmt.percent(device.gpuUtilPercent)} device={device} field="gpuUtilPercent" />
          <Meter percent={device.gpuUtilPercent} />
        </div>
        <Sparkline points={spark} endMs={endMs} testid="gpu-sparkline" />
      </section>

      <dl class="card-metrics">
        <div class="metric">
          <dt>{t('web.card.memory')}</dt>
          <dd>
            <Value testid="gpu-memory" value={device.memoryUsedBytes} text={fmt.bytesPair(device.memoryUsedBytes, device.memoryTotalBytes)} device={device} field="memoryUsedBytes" />
            <Meter percent={memory} level={memoryLevel(device)} />
          </dd>
        </div>
        <div class="metric">
          <dt>{t('web.card.power')}</dt>
          <dd>
            <Value testid="gpu-power" value={device.powerDrawWatts} text={fmt.wattsPair(device.powerDrawWatts, device.powerLimitWatts)} device={device} field="powerDrawWatts" />
            <Meter percent={power} level={powerLevel(power)} />
          </dd>
        </div>
        <div class="metric">
          <dt>{t('web.card.temperature')}</dt>
          <dd>
            <Value testid="gpu-temperature" value={device.temperatureCelsius} text={fmt.celsius(device.temperatureCelsius)} device={device} field="temperatureCelsius" level={temperature} />
            {device.temperatureSlowdownCelsius !== null && <span class="metric-note">{t('web.card.temperatureSlowdown', { value: fmt.celsius(device.temperatureSlowdownCelsius) })}</span>}
          </dd>
        </div>
        <div class="metric">
          <dt>{t('web.card.clocks')}</dt>
          <dd data-testid="gpu-clocks">
            <Value value={device.smClockMhz} text={t('web.card.smClock', { value: fmt.mhz(device.smClockMhz) })} device={device} field="smClockMhz" />
            <span class="metric-note">{t('web.card.memoryClock', { value: fmt.mhz(device.memoryClockMhz) })}</span>
          </dd>
        </div>
        {hasActivity(device, 'smActivePercent') && (
          <div class="metric">
            <dt>
              {t('web.card.smActive')}
              <InfoTip text={t('field.smActivePercent.help')} label={t('web.card.smActive')} />
            </dt>
            <dd>
              <Value testid="gpu-sm-active" value={device.smActivePercent} text={fmt.percent(device.smActivePercent)} device={device} field="smActivePercent" />
              <Meter percent={device.smActivePercent} />
            </dd>
          </div>
        )}
        {hasActivity(device, 'tensorActivePercent') && (
          <div class="metric">
            <dt>
              {t('web.card.tensorActive')}
              <InfoTip text={t('field.tensorActivePercent.help')} label={t('web.card.tensorActive')} />
            </dt>
            <dd>
              <Value testid="gpu-tensor-active" value={device.tensorActivePercent} text={fmt.percent(device.tensorActivePercent)} device={device} field="tensorActivePercent" />
              <Meter percent={device.tensorActivePercent} />
            </dd>
          </div>
        )}
      </dl>

      <GpuCardThrottle device={device} />
      <GpuCardFlags device={device} />
      <GpuCardProcesses processes={processes} />
    </>
  );
}
