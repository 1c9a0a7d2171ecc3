// One self-contained HTML page for a report (diagnose --html, run's end-of-run page): inline
// CSS, no script, no external URL, so it opens from a mail attachment or a CI artefact with a
// strict Content-Security-Policy and without the network. Callers pass sections already built
// with safeHtml (and ./svg-chart.ts); the page escapes its own texts.
//
// Several languages in one page: each is a complete copy of the sections; a row of radio
// buttons and CSS `:checked ~` rules show one at a time — a language switch without JavaScript.

import { safeHtml } from '../core/safe-text.js';

export interface PageLanguage {
  lang: string;
  /** The switch's label for this language, e.g. "English", "中文". */
  label: string;
  title: string;
  sections: string[];
}

export interface ReportPageOptions {
  /** The language shown first (and the page's lang attribute). */
  lang: string;
  title: string;
  /** Trusted HTML fragments (their texts escaped by the caller). */
  sections: string[];
  /** Other languages of the same report, switchable on the page. */
  alternates?: PageLanguage[];
  /** The label of `lang` in the switch (needed only with alternates). */
  label?: string;
}

const CSS = `
:root{color-scheme:light dark;--fg:#1b1f23;--bg:#fff;--muted:#57606a;--line:#d0d7de;--card:#f6f8fa;--high:#cf222e;--medium:#bf8700;--low:#0969da;--ok:#1a7f37}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#8d96a0;--line:#30363d;--card:#161b22;--high:#ff7b72;--medium:#d29922;--low:#58a6ff;--ok:#3fb950}}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1000px;margin:0 auto;padding:16px 24px 48px}
h1{font-size:1.5em;margin:.4em 0}h2{font-size:1.2em;margin:1.4em 0 .5em;border-bottom:1px solid var(--line);padding-bottom:.2em}h3{font-size:1.05em;margin:1em 0 .3em}
.muted{color:var(--muted)}.card{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:12px 16px;margin:12px 0}
.sev-high{border-left:4px solid var(--high)}.sev-medium{border-left:4px solid var(--medium)}.sev-low{border-left:4px solid var(--low)}.healthy{border-left:4px solid var(--ok)}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
pre{background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:8px;overflow-x:auto;font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
details{margin:.5em 0}summary{cursor:pointer;font-weight:600}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.charts{display:flex;flex-wrap:wrap;gap:8px}.chart{max-width:100%;height:auto;background:var(--card);border:1px solid var(--line);border-radius:6px}
.chart text{fill:var(--fg);font-size:11px}.chart .chart-title{font-weight:600;font-size:12px}.chart-grid{stroke:var(--line);stroke-width:1}.chart .chart-tick,.chart .chart-empty{fill:var(--muted)}
.langs{display:flex;gap:6px;justify-content:flex-end;padding:8px 24px 0}body>input[name=lang]{position:absolute;opacity:0}
.langs label{border:1px solid var(--line);border-radius:4px;padding:2px 10px;cursor:pointer}
.lang-body{display:none}
`;

function languageRules(count: number): string {
  // The radios sit before the bodies, so `#lang-i:checked ~ .lang-i` shows the chosen copy.
  const rules: string[] = [];
  for (let i = 0; i < count; i++) {
    rules.push(`#lang-${i}:checked~.lang-${i}{display:block}`);
    rules.push(`#lang-${i}:checked~.langs label[for=lang-${i}]{background:var(--card);font-weight:600}`);
  }
  return rules.join('');
}

function body(sections: readonly string[], title: string): string {
  return `<main><h1>${safeHtml(title)}</h1>\n${sections.join('\n')}\n</main>`;
}

/** The page, as one string (UTF-8 when written). */
export function renderReportPage(options: ReportPageOptions): string {
  const alternates = options.alternates ?? [];
  const head = (extraCss: string) =>
    `<!doctype html>\n<html lang="${safeHtml(options.lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
    `<title>${safeHtml(options.title)}</title><style>${CSS}${extraCss}</style></head>`;
  if (alternates.length === 0) {
    return `${head('.lang-body{display:block}')}<body>${body(options.sections, options.title)}</body></html>\n`;
  }
  const languages: PageLanguage[] = [{ lang: options.lang, label: options.label ?? options.lang, title: options.title, sections: options.sections }, ...alternates];
  const radios = languages.map((l, i) => `<input type="radio" name="lang" id="lang-${i}"${i === 0 ? ' checked' : ''}>`).join('');
  const labels = languages.map((l, i) => `<label for="lang-${i}" lang="${safeHtml(l.lang)}">${safeHtml(l.label)}</label>`).join('');
  const bodies = languages.map((l, i) => `<div class="lang-body lang-${i}" lang="${safeHtml(l.lang)}">${body(l.sections, l.title)}</div>`).join('\n');
  return `${head(languageRules(languages.length))}<body>${radios}<nav class="langs">${labels}</nav>\n${bodies}</body></html>\n`;
}
