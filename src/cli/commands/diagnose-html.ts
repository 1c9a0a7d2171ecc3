// `diagnose --html FILE`: one self-contained page (src/report/) with charts of the window —
// utilisation, SM activity, memory, PCIe, the tree's CPU — then the findings and fixes, in the
// reader's language first and switchable to the other (both are in the page; no script).

import { safeHtml } from '../../core/safe-text.js';
import { isIncompleteTrace } from '../../diagnose/trace-parse.js';
import type { DiagnoseReport, Finding, Observation, ObservationSample } from '../../diagnose/types.js';
import { createTranslator, LOCALES, type Locale, type Translate } from '../../i18n/index.js';
import { renderReportPage, type PageLanguage } from '../../report/html-page.js';
import { renderLineChart, type ChartSeries } from '../../report/svg-chart.js';
import { batchLineText, bytesText, clockText, FRAMEWORK_LABELS, FRAMEWORK_ORDER, observationProblemLines, percentText, rateText, targetText, textOf, thresholdLines, verdictText, wattsText } from './diagnose-format.js';

const GIB = 1024 ** 3;
const MB = 1e6;

function gpuIndices(samples: readonly ObservationSample[]): number[] {
  return [...new Set(samples.flatMap((s) => s.devices.map((d) => d.index)))].sort((a, b) => a - b);
}

/** One series per GPU of a device value (scaled), null where the GPU was not read or had none. */
function perGpu(samples: readonly ObservationSample[], label: (index: number) => string, value: (device: ObservationSample['devices'][number]) => number | null): ChartSeries[] {
  return gpuIndices(samples).map((index) => ({
    label: label(index),
    timesMs: samples.map((s) => s.wallMs),
    values: samples.map((s) => {
      const device = s.devices.find((d) => d.index === index);
      return device === undefined ? null : value(device);
    }),
  }));
}

const scaled = (value: number | null, by: number) => (value === null ? null : value / by);

function charts(observation: Observation, t: Translate): string {
  const { samples } = observation;
  const empty = t('diagnoseCli.html.chart.notMeasured');
  const gpu = (index: number) => t('diagnoseCli.html.series.gpu', { index });
  const parts = [
    renderLineChart({ title: t('diagnoseCli.html.chart.util'), unit: '%', yMin: 0, yMax: 100, emptyText: empty, series: perGpu(samples, gpu, (d) => d.gpuUtilPercent) }),
    renderLineChart({ title: t('diagnoseCli.html.chart.sm'), unit: '%', yMin: 0, yMax: 100, emptyText: empty, series: perGpu(samples, gpu, (d) => d.smActivePercent) }),
    renderLineChart({ title: t('diagnoseCli.html.chart.memory'), unit: 'GiB', emptyText: empty, series: perGpu(samples, gpu, (d) => scaled(d.memoryUsedBytes, GIB)) }),
    renderLineChart({
      title: t('diagnoseCli.html.chart.pcie'),
      unit: 'MB/s',
      emptyText: empty,
      series: [
        ...perGpu(samples, (index) => t('diagnoseCli.html.series.rx', { index }), (d) => scaled(d.pcieRxBytesPerSecond, MB)),
        ...perGpu(samples, (index) => t('diagnoseCli.html.series.tx', { index }), (d) => scaled(d.pcieTxBytesPerSecond, MB)),
      ],
    }),
  ];
  if (samples.some((s) => s.tree !== null)) {
    const times = samples.map((s) => s.wallMs);
    parts.push(
      renderLineChart({
        title: t('diagnoseCli.html.chart.cpu'),
        unit: t('diagnoseCli.html.unit.percentCore'),
        emptyText: empty,
        series: [
          { label: t('diagnoseCli.html.series.tree'), timesMs: times, values: samples.map((s) => s.tree?.totalCpuPercent ?? null) },
          { label: t('diagnoseCli.html.series.root'), timesMs: times, values: samples.map((s) => s.tree?.processes.find((p) => p.depth === 0)?.cpuPercent ?? null) },
        ],
      }),
    );
  }
  return `<h2>${safeHtml(t('diagnoseCli.html.charts'))}</h2><div class="charts">${parts.join('')}</div>`;
}

const h = (text: string) => safeHtml(text);

function findingCard(finding: Finding, rank: number, t: Translate): string {
  const list = (items: string[]) => (items.length === 0 ? '' : `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`);
  const fixes = finding.fixes.map((fix) => {
    const code = FRAMEWORK_ORDER.flatMap((framework) => {
      const text = fix.code[framework];
      if (text === undefined || text === '') return [];
      const label = FRAMEWORK_LABELS[framework];
      // Line by line: safeHtml shows a newline as \n (it escapes controls), and code needs its lines.
      const lines = text.split('\n').map(h).join('\n');
      return [`${label === '' ? '' : `<div class="muted">${h(label)}</div>`}<pre><code>${lines}</code></pre>`];
    });
    return `${h(textOf(t, fix))}${code.join('')}`;
  });
  const thresholds = thresholdLines(t, finding.thresholds).map(h);
  return (
    `<section class="card sev-${finding.severity}"><h3>${h(t('diagnoseCli.report.finding', { rank, title: textOf(t, finding.title), severity: t(`diagnoseCli.report.severity.${finding.severity}`), confidence: Math.round(finding.confidence * 100) }))}</h3>` +
    `<p>${h(textOf(t, finding.summary))}</p>` +
    `<h4>${h(t('diagnoseCli.report.evidence'))}</h4>${list(finding.evidence.map((e) => h(textOf(t, e))))}` +
    `<details><summary>${h(t('diagnoseCli.report.thresholds'))}</summary>${list(thresholds)}</details>` +
    `<h4>${h(t('diagnoseCli.report.fixes'))}</h4>${list(fixes)}</section>`
  );
}

function gpuTable(report: DiagnoseReport, t: Translate): string {
  if (report.gpus.length === 0) return '';
  const rows = report.gpus.map((g) =>
    `<tr><td>${g.index}</td><td>${h(g.name ?? '')}</td><td>${percentText(t, g.gpuUtilMeanPercent)}</td><td>${percentText(t, g.smActiveMeanPercent)}</td><td>${h(bytesText(t, g.memoryUsedPeakBytes))} / ${h(bytesText(t, g.memoryTotalBytes))}</td><td>${h(wattsText(t, g.powerMeanWatts))}</td><td>${h(rateText(t, g.pcieRxMeanBytesPerSecond))} / ${h(rateText(t, g.pcieTxMeanBytesPerSecond))}</td></tr>`,
  );
  return `<h2>${h(t('diagnoseCli.report.gpus'))}</h2><table><tr>${(['gpu', 'name', 'util', 'sm', 'memory', 'power', 'pcie'] as const).map((c) => `<th>${h(t(`diagnoseCli.html.col.${c}`))}</th>`).join('')}</tr>${rows.join('')}</table>`;
}

function sectionsFor(report: DiagnoseReport, observation: Observation, t: Translate, version: string): string[] {
  const target = targetText(t, observation.target, observation.rootPid);
  const window = t('diagnoseCli.report.window', { target, seconds: report.seconds, samples: report.sampleCount, interval: Math.round(observation.intervalMs), from: clockText(report.startedAt), to: clockText(report.endedAt) });
  const verdict = verdictText(t, report);
  const sections = [`<p class="muted">${h(window)}</p>`];
  // From a trace without its end record (a killed run): said before the verdict, as in the terminal.
  if (isIncompleteTrace(observation)) sections.push(`<p class="card"><strong>${h(t('diagnoseCli.report.incomplete', { samples: observation.samples.length, until: clockText(observation.endedAt) }))}</strong></p>`);
  sections.push(`<p class="card${verdict.healthy ? ' healthy' : ''}"><strong>${h(verdict.text)}</strong></p>`);
  report.findings.forEach((finding, i) => sections.push(findingCard(finding, i + 1, t)));
  sections.push(charts(observation, t), gpuTable(report, t));
  if (report.batchAdvice.length > 0) {
    const items = report.batchAdvice.map((a) =>
      h(batchLineText(t, a)) +
      a.notes.map((n) => `<br><span class="muted">${h(textOf(t, n))}</span>`).join(''),
    );
    sections.push(`<h2>${h(t('diagnoseCli.report.batch'))}</h2><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`);
  }
  if (report.notes.length > 0) sections.push(`<h2>${h(t('diagnoseCli.report.notes'))}</h2><ul>${report.notes.map((n) => `<li>${h(textOf(t, n))}</li>`).join('')}</ul>`);
  const problems = observationProblemLines(t, observation);
  if (problems.length > 0) sections.push(`<h2>${h(t('diagnoseCli.report.problems'))}</h2><ul>${problems.map((p) => `<li>${h(p)}</li>`).join('')}</ul>`);
  sections.push(`<p class="muted">${h(t('diagnoseCli.html.generated', { version }))}</p>`);
  return sections;
}

function language(locale: Locale, report: DiagnoseReport, observation: Observation, version: string): PageLanguage {
  const t = createTranslator(locale);
  return { lang: locale, label: t('diagnoseCli.html.language'), title: t('diagnoseCli.html.title', { target: targetText(t, observation.target, observation.rootPid) }), sections: sectionsFor(report, observation, t, version) };
}

/** The page, in `locale` first and every other language behind the switch. */
export function renderDiagnoseHtml(report: DiagnoseReport, observation: Observation, locale: Locale, version: string): string {
  const first = language(locale, report, observation, version);
  const others = LOCALES.filter((l) => l !== locale).map((l) => language(l, report, observation, version));
  return renderReportPage({ lang: first.lang, label: first.label, title: first.title, sections: first.sections, alternates: others });
}
