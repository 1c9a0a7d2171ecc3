// Turns the advisor's notes (message key + parameters) into text in the user's language. A
// parameter named `metric` holds a metric id, `metrics` a comma-separated list of them; both are
// shown by their translated names; `provider` holds a cloud provider id, shown by its name.

import { cloudProviderName } from '../catalog/cloud-providers.js';
import { formatNumber } from '../i18n/format.js';
import { withEnumLabels } from './enum-labels.js';
import { translate, type Locale, type MessageKey } from '../i18n/index.js';
import type { AdvisorNote } from './estimate/types.js';
import { USER_RATE } from './pricing/fx.js';

const METRIC_KEYS: Record<string, MessageKey> = {
  fp64: 'advisor.metric.fp64',
  fp32: 'advisor.metric.fp32',
  tf32Tensor: 'advisor.metric.tf32Tensor',
  fp16Tensor: 'advisor.metric.fp16Tensor',
  fp16TensorFp32Acc: 'advisor.metric.fp16TensorFp32Acc',
  bf16Tensor: 'advisor.metric.bf16Tensor',
  fp8Tensor: 'advisor.metric.fp8Tensor',
  int8Tensor: 'advisor.metric.int8Tensor',
  memory: 'advisor.metric.memory',
  bandwidth: 'advisor.metric.bandwidth',
  tdp: 'advisor.metric.tdp',
};

export function metricLabel(locale: Locale, metric: string): string {
  const key = METRIC_KEYS[metric];
  return key ? translate(locale, key) : metric;
}

const MARKET_KEYS: Record<string, MessageKey> = {
  global: 'advisor.market.global',
  us: 'advisor.market.us',
  cn: 'advisor.market.cn',
  eu: 'advisor.market.eu',
};

export function renderNote(locale: Locale, note: AdvisorNote): string {
  const params = withEnumLabels(note.params, (key, values) => translate(locale, key, values));
  // A price's market is a code in the result ("cn"), a name in the text ("Chinese market"); `home`
  // is the market of the buyer's currency (cost's conversion notes).
  for (const name of ['market', 'home']) {
    const value = params[name];
    const market = typeof value === 'string' ? MARKET_KEYS[value] : undefined;
    if (market) params[name] = translate(locale, market);
  }
  // An exchange rate's origin: the user's (--fx), or the dated table's, said as such.
  if (typeof params.rateOf === 'string') params.rateOf = params.rateOf === USER_RATE ? translate(locale, 'advisor.fx.yourRate') : translate(locale, 'advisor.fx.rateOfDate', { asOf: params.rateOf });
  // A rental's provider is an id in the result ("matpool"), its name in the text (矩池云, "Matpool (矩池云)").
  if (typeof params.provider === 'string') params.provider = `${OPEN}${cloudProviderName(params.provider, locale)}${CLOSE}`;
  // Money in a sentence is written as in the tables: "$3.784", "$15,992" (src/i18n/format.ts).
  if (typeof params.price === 'number') params.price = `$${formatNumber(params.price, locale, params.price >= 100 ? 0 : 3)}`;
  // Counts as large as a parameter count are grouped ("41,943,040"); years and small counts are not.
  for (const [name, value] of Object.entries(params)) if (name !== 'price' && typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 10_000) params[name] = formatNumber(value, locale);
  if (typeof params.metric === 'string') params.metric = metricLabel(locale, params.metric);
  if (typeof params.metrics === 'string') {
    params.metrics = params.metrics
      .split(',')
      .map((m) => metricLabel(locale, m))
      .join(locale === 'zh-CN' ? '、' : ', ');
  }
  return withoutMarks(translate(locale, note.key, params));
}

// Marks around the provider's name while the sentence is put together: the zh-CN sentences keep a
// space around {provider} for a Latin name ("可在 RunPod（…）"), which a Chinese one must not have
// ("可在算家云（…）", not "可在 算家云（…）"). Only spaces touching the name are removed.
const OPEN = '\u0001';
const CLOSE = '\u0002';
const HAN = '\u4e00-\u9fff';
const SPACE_BEFORE = new RegExp(`(?<=[${HAN}（：，、]) ${OPEN}(?=[${HAN}])`, 'g');
const SPACE_AFTER = new RegExp(`(?<=[${HAN}])${CLOSE} (?=[${HAN}（])`, 'g');

function withoutMarks(text: string): string {
  return text.replace(SPACE_BEFORE, '').replace(SPACE_AFTER, '').replaceAll(OPEN, '').replaceAll(CLOSE, '');
}
