// A value on a card. When it is missing it reads N/A in the page's language, with the reason the
// snapshot gives as its tooltip ("N/A: not supported") — never 0, never blank.
import type { GpuDevice } from '../api/index.js';
import { useI18n } from '../app/context.js';
import { isWebMessageKey } from '../app/i18n.js';
import type { Level } from './gpu-card-model.js';

export interface ValueProps {
  value: number | null;
  text: string;
  device: GpuDevice;
  field: keyof GpuDevice['unavailable'];
  testid?: string;
  class?: string;
  level?: Level | null;
}

export function Value({ value, text, device, field, testid, class: className, level }: ValueProps) {
  const { t, fmt } = useI18n();
  if (value === null) {
    const reason = device.unavailable[field];
    const key = reason === undefined ? null : `info.unavailable.${reason}`;
    const title = key !== null && isWebMessageKey(key) ? t('web.card.naBecause', { reason: t(key) }) : undefined;
    return (
      <span class={`value na ${className ?? ''}`} data-testid={testid} data-na="true" title={title}>
        {fmt.na}
      </span>
    );
  }
  return (
    <span class={`value num ${className ?? ''}${level ? ` level-${level}` : ''}`} data-testid={testid}>
      {text}
    </span>
  );
}
