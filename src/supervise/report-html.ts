// The end-of-run report as one self-contained page (report.html), through src/report: the page
// and its charts are B's renderers; this file only says what goes in them. Both languages are in
// the page (a switch without script), the reader's first. Every text from the job (its command,
// its output's lines) goes through safeHtml.

import { safeHtml } from '../core/safe-text.js';
import { createTranslator, isMessageKey, type Locale, type MessageKey, type Translate } from '../i18n/index.js';
import { renderReportPage } from '../report/html-page.js';
import { healthyHeadline, type HealthyHeadline } from '../diagnose/analyze/notes.js';
import { renderLineChart } from '../report/svg-chart.js';
import type { Text } from './failures/types.js';
import { commandLine } from './notify.js';
import { energyText, leftOutTexts, type RunReport } from './report.js';

const LABELS: Record<Locale, string> = { en: 'English', 'zh-CN': '中文' };
const GIB = 1024 ** 3;

function say(t: Translate, text: Text | { key: string; params?: Record<string, string | number> }): string {
  return isMessageKey(text.key) ? t(text.key, text.params) : text.key;
}

const h = (text: string) => safeHtml(text);
const money = (amount: number) => amount.toFixed(amount !== 0 && Math.abs(amount) < 0.01 ? 4 : 2);
const num = (value: number | null, digits = 1, unit = '') => (value === null ? '—' : `${value.toFixed(digits)}${unit}`);

function summary(report: RunReport, t: Translate): string {
  const rows: [string, string][] = [
    [t('run.report.command'), `<code>${h(commandLine(report.command))}</code>`],
    [t('run.report.outcome'), h(say(t, report.stopText))],
    [t('run.report.exitCode'), String(report.exitCode)],
    [t('run.report.duration'), `${report.seconds} s (${h(report.startedAt)} → ${h(report.endedAt)})`],
    [t('run.report.attempts'), String(report.attempts.length)],
  ];
  if (report.gpus.visibleDevices !== null) rows.push(['CUDA_VISIBLE_DEVICES', `<code>${h(report.gpus.visibleDevices)}</code>`]);
  const body = rows.map(([k, v]) => `<tr><th>${h(k)}</th><td>${v}</td></tr>`).join('');
  return `<section><h2>${h(t('run.report.summary'))}</h2><div class="card ${report.exitCode === 0 ? 'healthy' : 'sev-high'}"><table>${body}</table></div></section>`;
}

function attempts(report: RunReport, t: Translate): string {
  const head = [t('run.report.attempt'), t('run.report.started'), t('run.report.duration'), t('run.report.reason'), t('run.report.failures'), t('run.report.backoff')];
  const rows = report.attempts.map((a) => {
    const failures = a.failures.map((kind) => h(say(t, report.failures.find((f) => f.attempt === a.attempt && f.kind === kind)?.title ?? { key: kind }))).join('<br>');
    const wait = a.restartDelayMs === null ? '—' : `${(a.restartDelayMs / 1000).toFixed(1)} s`;
    return `<tr><td>${a.attempt}</td><td>${h(a.startedAt)}</td><td>${a.seconds} s</td><td>${h(say(t, a.reason))}</td><td>${failures || '—'}</td><td>${wait}</td></tr>`;
  });
  return `<section><h2>${h(t('run.report.attempts'))}</h2><table><tr>${head.map((c) => `<th>${h(c)}</th>`).join('')}</tr>${rows.join('')}</table></section>`;
}

function failures(report: RunReport, t: Translate): string {
  if (report.failures.length === 0) return `<section><h2>${h(t('run.report.failures'))}</h2><p class="muted">${h(t('run.report.noFailures'))}</p></section>`;
  const cards = report.failures.map((f) => {
    const evidence = f.evidence === null ? '' : `<pre>${h(f.evidence)}</pre>`;
    const fixes = f.fixes.map((fix) => `<li>${h(say(t, fix))}</li>`).join('');
    const repeats = f.repeats > 0 ? ` <span class="muted">(+${f.repeats})</span>` : '';
    return `<div class="card sev-high"><h3>${h(say(t, f.title))}${repeats} <span class="muted">#${f.attempt}</span></h3>${evidence}<p>${h(t('run.report.fixes'))}</p><ul>${fixes}</ul></div>`;
  });
  return `<section><h2>${h(t('run.report.failures'))}</h2>${cards.join('')}</section>`;
}

function gpus(report: RunReport, t: Translate): string {
  const title = `<h2>${h(t('run.report.gpus'))}</h2>`;
  const recorded = report.gpus.recorded;
  if (recorded.length === 0) return `<section>${title}<p class="muted">${h(t('run.report.noGpus', { detail: report.gpus.unavailable ?? '—' }))}</p></section>`;
  const head = ['GPU', t('run.report.utilMean'), t('run.report.memoryPeak'), t('run.report.powerMean'), t('run.report.energy')];
  const t0 = Date.parse(report.startedAt);
  const rows = recorded.map((g) => {
    // A GPU that stopped answering: its figures rest on fewer reads than the run had, and say so.
    const unanswered = g.firstUnansweredAtMs === null ? '' : `<br><span class="muted">${h(t('run.report.gpuUnanswered', {
      missed: g.unansweredSamples, reads: g.samples + g.unansweredSamples, seconds: Math.max(0, Math.round((g.firstUnansweredAtMs - t0) / 100) / 10),
    }))}</span>`;
    const memory = g.memoryPeakBytes === null ? '—' : `${(g.memoryPeakBytes / GIB).toFixed(1)}${g.memoryTotalBytes === null ? '' : ` / ${(g.memoryTotalBytes / GIB).toFixed(1)}`} GiB`;
    const energy = g.energyJoules === null ? '—' : energyText(g.energyJoules / 3.6e6);
    return `<tr><td>${g.index} ${h(g.name ?? '')}${unanswered}</td><td>${num(g.utilMeanPercent, 1, ' %')}</td><td>${memory}</td><td>${num(g.powerMeanWatts, 0, ' W')}</td><td>${energy}</td></tr>`;
  });
  const { energy } = report;
  const source = energy.source === 'counter' ? t('run.report.energyFrom.counter') : energy.source === 'mixed' ? t('run.report.energyFrom.mixed') : t('run.report.energyFrom.power');
  const total = energy.kWh === null ? '' : `<p>${h(t('run.report.energy'))}: <strong>${energyText(energy.kWh)}</strong> <span class="muted">(${h(source)})</span>${
    energy.cost === null ? '' : ` · ${h(t('run.report.cost', { price: energy.cost.pricePerKwh, currency: energy.cost.currency }))}: <strong>${money(energy.cost.amount)} ${h(energy.cost.currency)}</strong>`
  }</p>`;
  const leftOut = leftOutTexts(energy).map((text) => `<li>${h(say(t, text))}</li>`);
  const energyLine = `${total}${leftOut.length === 0 ? '' : `<ul class="muted">${leftOut.join('')}</ul>`}`;
  const chart = (titleKey: 'run.report.chart.util' | 'run.report.chart.memory' | 'run.report.chart.power', unit: string, pick: (g: (typeof recorded)[number]) => (number | null)[], extra: { yMin?: number; yMax?: number } = {}) =>
    renderLineChart({
      title: t(titleKey), unit, ...extra,
      series: recorded.map((g) => ({ label: `GPU ${g.index}`, timesMs: g.series.timesMs.map((ms) => ms - t0), values: pick(g) })),
    });
  const charts = [
    chart('run.report.chart.util', '%', (g) => g.series.utilPercent, { yMin: 0, yMax: 100 }),
    chart('run.report.chart.memory', 'GiB', (g) => g.series.memoryUsedBytes.map((v) => (v === null ? null : v / GIB)), { yMin: 0 }),
    chart('run.report.chart.power', 'W', (g) => g.series.powerWatts, { yMin: 0 }),
  ];
  return `<section>${title}<table><tr>${head.map((c) => `<th>${h(c)}</th>`).join('')}</tr>${rows.join('')}</table>${energyLine}<div class="charts">${charts.join('')}</div></section>`;
}

/** A healthy verdict's card: green only when healthy is all it is. */
function healthyCard(headline: HealthyHeadline, t: Translate): string {
  if (headline.kind === 'healthy') return `<div class="card healthy"><p>${h(t('run.report.diagnoseHealthy'))}</p></div>`;
  const params = { gpus: headline.gpus.join(', '), count: headline.gpus.length };
  return `<div class="card"><p>${h(t(HEADLINE_KEYS[headline.kind], params))}</p></div>`;
}

const HEADLINE_KEYS = {
  'no-cause': 'run.report.diagnoseNoCause',
  unread: 'run.report.diagnoseHealthyUnread',
  'no-util': 'run.report.diagnoseUtilUnavailable',
} as const satisfies Record<Exclude<HealthyHeadline['kind'], 'healthy'>, MessageKey>;

function diagnoseSection(report: RunReport, t: Translate): string {
  const title = `<h2>${h(t('run.report.diagnose'))}</h2>`;
  const d = report.diagnose;
  if (d === null || d.findings.length === 0) {
    const notes = d === null ? [] : d.notes.map((n) => `<li>${h(say(t, n))}</li>`);
    // With a report its notes say why there is no finding (too few samples …); without one, the reason.
    const verdict = d?.verdict === 'healthy'
      ? healthyCard(healthyHeadline(d), t)
      : d === null ? `<p class="muted">${h(t('run.report.diagnoseNone', { detail: report.diagnoseUnavailable ?? '—' }))}</p>` : '';
    return `<section>${title}${verdict}${notes.length ? `<ul>${notes.join('')}</ul>` : ''}</section>`;
  }
  const cards = d.findings.map((f) => {
    const fixes = f.fixes.map((fix) => `<li>${h(say(t, fix))}</li>`).join('');
    return `<div class="card sev-${f.severity}"><h3>${h(say(t, f.title))}</h3><p>${h(say(t, f.summary))}</p><ul>${fixes}</ul></div>`;
  });
  return `<section>${title}${cards.join('')}</section>`;
}

function logs(report: RunReport, t: Translate): string {
  const files = [report.logs.combined, report.logs.stdout, report.logs.stderr].map((p) => `<li><code>${h(p)}</code></li>`).join('');
  return `<section><h2>${h(t('run.report.logs'))}</h2><ul>${files}</ul></section>`;
}

function sections(report: RunReport, t: Translate): string[] {
  return [summary(report, t), attempts(report, t), failures(report, t), gpus(report, t), diagnoseSection(report, t), logs(report, t)];
}

export function renderRunReportHtml(report: RunReport, locale: Locale): string {
  const other: Locale = locale === 'en' ? 'zh-CN' : 'en';
  const t = createTranslator(locale);
  const tOther = createTranslator(other);
  return renderReportPage({
    lang: locale,
    label: LABELS[locale],
    title: t('run.report.title'),
    sections: sections(report, t),
    alternates: [{ lang: other, label: LABELS[other], title: tOther('run.report.title'), sections: sections(report, tOther) }],
  });
}
