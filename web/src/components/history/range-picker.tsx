// The range buttons above the charts (5 min … 30 days), and for a zoomed range its span and a
// way back. Buttons with aria-pressed: reachable and usable by keyboard, unlike a drag.
import { useI18n } from '../../app/context.js';
import type { WebMessageKey } from '../../app/i18n.js';
import { PRESETS, type Preset, type TimeRange } from '../../range/range.js';

export const PRESET_LABEL: Readonly<Record<Preset, WebMessageKey>> = {
  '5m': 'web.history.range.5m', '1h': 'web.history.range.1h', '6h': 'web.history.range.6h',
  '24h': 'web.history.range.24h', '7d': 'web.history.range.7d', '30d': 'web.history.range.30d',
};

/** "last 1 h", or "Dec 1, 12:00 – Dec 1, 12:30" for a zoomed range. */
export function useRangeLabel(range: TimeRange): string {
  const { t, fmt } = useI18n();
  if (range.kind === 'preset') return t('web.history.range.last', { span: t(PRESET_LABEL[range.preset]) });
  // Within a day the end needs only its time (with seconds: a zoom can be under a minute).
  const to = range.toMs - range.fromMs < 86_400_000 ? fmt.time(range.toMs) : fmt.dateTime(range.toMs);
  return t('web.history.range.custom', { from: fmt.dateTime(range.fromMs), to });
}

export interface RangePickerProps {
  range: TimeRange;
  onChange(range: TimeRange): void;
  /** The preset a zoom goes back to. */
  resetTo?: Preset;
  hint?: boolean;
}

export function RangePicker({ range, onChange, resetTo = '1h', hint = false }: RangePickerProps) {
  const { t } = useI18n();
  const label = useRangeLabel(range);
  return (
    <div class="range-picker" data-testid="range-picker">
      <div class="range-buttons" role="group" aria-label={t('web.history.range.label')}>
        {PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            class="range-button"
            data-testid={`range-${preset}`}
            aria-pressed={range.kind === 'preset' && range.preset === preset}
            onClick={() => onChange({ kind: 'preset', preset })}
          >
            {t(PRESET_LABEL[preset])}
          </button>
        ))}
      </div>
      {range.kind === 'custom' ? (
        <span class="range-custom">
          <span data-testid="range-label">{label}</span>
          <button type="button" class="range-button" data-testid="range-reset" onClick={() => onChange({ kind: 'preset', preset: resetTo })}>
            {t('web.history.range.reset')}
          </button>
        </span>
      ) : hint ? (
        <span class="range-hint">{t('web.history.range.zoomHint')}</span>
      ) : null}
    </div>
  );
}
