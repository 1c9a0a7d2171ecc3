// One option of the advisor's answer: the GPU and how many, whether the work fits, its speed, price
// and power, and the advisor's reasons — the same figures `gpuwise recommend` prints.
import type { AdvisorOption } from '../../api/advice.js';
import type { WebLocale, WebTranslate } from '../../app/i18n.js';
import type { Format } from '../../format/format.js';

export function money(amount: number, currency: string, locale: WebLocale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: amount >= 100 ? 0 : 2 }).format(amount);
}

function speed(option: AdvisorOption, format: Format): string {
  const { rate, rateUnit, peakTokensPerSecond } = option.throughput;
  if (rate === null) return format.na;
  if (rateUnit === 'token/s') return `${format.number(rate, 0)} tok/s`;
  if (rateUnit === 'byte/s') return format.rate(rate);
  if (rateUnit === 'image/s') return `${format.number(rate, rate < 10 ? 2 : 0)} img/s`;
  if (peakTokensPerSecond !== null) return `${format.number(peakTokensPerSecond, 0)} tok/s`;
  return `${format.number(rate / 1e12, 0)} TFLOPS`;
}

/** Cloud options are priced by the hour of rental, the rest by the purchase of the boards. */
function price(option: AdvisorOption, cloud: boolean, format: Format, t: WebTranslate, locale: WebLocale): string {
  if (cloud) return option.rental ? t('web.advisor.perHour', { price: money(option.rental.perHour, option.rental.currency, locale) }) : format.na;
  return option.price ? money(option.price.amount, option.price.currency, locale) : format.na;
}

export function AdvisorOptionView(props: { option: AdvisorOption; rank: number | null; cloud: boolean; t: WebTranslate; format: Format; testid: string }) {
  const { option, rank, t, format } = props;
  const fits = option.memory.fits;
  const fitKey = fits === true ? 'web.advisor.fits.yes' : fits === false ? 'web.advisor.fits.no' : 'web.advisor.fits.maybe';
  const fitClass = fits === true ? 'ok' : fits === false ? 'fail' : 'warn';
  return (
    <li class="advice-option" data-testid={props.testid} data-gpu={option.gpuId}>
      <div class="advice-option-head">
        {rank !== null && <span class="advice-rank" aria-label={t('web.advisor.rank', { rank })}>{rank}</span>}
        <strong class="advice-gpu">{option.gpuName} × {option.count}</strong>
        <span class={`advice-badge advice-badge-${fitClass}`}>{t(fitKey)}</span>
      </div>
      <dl class="advice-facts">
        <div><dt>{t('web.advisor.memory')}</dt><dd>{option.memory.perGpuNeedBytes === null ? format.na : format.bytesPair(option.memory.perGpuNeedBytes, option.memory.perGpuCapacityBytes)}</dd></div>
        <div><dt>{t('web.advisor.speed')}</dt><dd>{speed(option, format)}{option.throughput.relative !== null && <span class="advice-muted"> · {t('web.advisor.relative', { value: format.number(option.throughput.relative, 2) })}</span>}</dd></div>
        <div><dt>{t('web.advisor.price')}</dt><dd>{price(option, props.cloud, format, t, format.locale)}</dd></div>
        <div><dt>{t('web.advisor.power')}</dt><dd>{format.watts(option.boardPowerWatts)}</dd></div>
      </dl>
      {option.reasons.length > 0 && <ul class="advice-reasons">{option.reasons.map((reason, i) => <li key={i}>{reason.text}</li>)}</ul>}
    </li>
  );
}
