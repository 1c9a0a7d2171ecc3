// The lower part of a GPU card: why the clocks are held back, and the processes on the GPU.
import { safeText, safeTextOrNull } from '../../../src/core/safe-text.js';
import type { GpuDevice, GpuProcess } from '../api/index.js';
import { useI18n } from '../app/context.js';
import { isWebMessageKey } from '../app/i18n.js';
import { CarriedMemory } from './carried-memory.js';
import { throttleReasons } from './gpu-card-model.js';

/** Processes listed on the card; the rest are counted (the processes page lists them all). */
const SHOWN_PROCESSES = 3;

export function GpuCardThrottle({ device }: { device: GpuDevice }) {
  const { t, fmt } = useI18n();
  const reasons = throttleReasons(device);
  return (
    <div class="card-row" data-testid="gpu-throttle">
      <span class="row-label">{t('web.card.throttle')}</span>
      <span class="chips">
        {reasons === null ? (
          <span class="value na">{fmt.na}</span>
        ) : reasons.length === 0 ? (
          <span class="chip chip-ok">{t('web.card.throttleNone')}</span>
        ) : (
          reasons.map(({ reason, level }) => {
            const key = `info.clock.${reason}`;
            return (
              <span key={reason} class={`chip${level ? ` chip-${level}` : ''}`} data-reason={reason}>
                {isWebMessageKey(key) ? t(key) : safeText(reason)}
              </span>
            );
          })
        )}
      </span>
    </div>
  );
}

export function GpuCardProcesses({ processes }: { processes: readonly GpuProcess[] }) {
  const { t } = useI18n();
  const shown = processes.slice(0, SHOWN_PROCESSES);
  return (
    <div class="card-processes" data-testid="gpu-processes" data-count={processes.length}>
      <div class="card-row">
        <span class="row-label">{t('web.card.processes')}</span>
        <span class="row-value muted">{processes.length === 0 ? t('web.card.noProcesses') : t('web.card.processCount', { count: processes.length })}</span>
      </div>
      {shown.length > 0 && (
        <ul class="process-list">
          {shown.map((process) => {
            // Names and users come from the processes themselves: control and bidi characters are shown escaped.
            const name = safeTextOrNull(process.name) ?? safeTextOrNull(process.command);
            return (
              <li key={`${process.pid}:${process.type}`} class="process" data-testid="gpu-process" data-pid={process.pid}>
                <span class="process-name" title={safeTextOrNull(process.command) ?? undefined}>
                  {name ?? t('web.card.processRow', { pid: process.pid })}
                  {name !== null && <span class="process-pid muted num"> {process.pid}</span>}
                </span>
                <ProcessUser process={process} />
                <CarriedMemory class="process-memory" bytes={process.usedMemoryBytes} listedAgeMs={process.listedAgeMs} />
              </li>
            );
          })}
        </ul>
      )}
      {processes.length > shown.length && <p class="process-more muted">{t('web.card.moreProcesses', { count: processes.length - shown.length })}</p>}
    </div>
  );
}

const LONG_RESOLUTION = { 'other-namespace': 'info.process.otherNamespace', gone: 'info.process.gone', 'no-permission': 'info.process.noPermission' } as const;

/** The user, or why the host could not say (another PID namespace, exited, no permission). */
function ProcessUser({ process }: { process: GpuProcess }) {
  const { t } = useI18n();
  const user = safeTextOrNull(process.user);
  if (user !== null) return <span class="process-user">{user}</span>;
  const resolution = process.hostResolution;
  if (resolution === 'ok') return <span class="process-user muted">{t('web.card.unknownUser')}</span>;
  const long = resolution in LONG_RESOLUTION ? t(LONG_RESOLUTION[resolution as keyof typeof LONG_RESOLUTION]) : undefined;
  return (
    <span class="process-user muted" title={long}>
      {t(`web.card.process.${resolution}`)}
    </span>
  );
}

/** What else needs saying about this GPU: MIG mode and its instances, uncorrectable ECC errors. */
export function GpuCardFlags({ device }: { device: GpuDevice }) {
  const { t } = useI18n();
  const uncorrected = device.eccErrors?.uncorrectedVolatile ?? null;
  const flags: { key: string; text: string; level: 'danger' | null }[] = [];
  if (device.migModeCurrent === true) flags.push({ key: 'mig', text: t('web.card.mig', { count: device.migDevices.length }), level: null });
  if (uncorrected !== null && uncorrected > 0) flags.push({ key: 'ecc', text: t('web.card.eccUncorrected', { count: uncorrected }), level: 'danger' });
  if (flags.length === 0) return null;
  return (
    <div class="chips chips-start" data-testid="gpu-flags">
      {flags.map((flag) => (
        <span key={flag.key} class={`chip${flag.level ? ` chip-${flag.level}` : ''}`} data-flag={flag.key}>
          {flag.text}
        </span>
      ))}
    </div>
  );
}
