// #/advisor: "which GPU for this workload". A small form (task, model preset from the advisor's
// list, precision, budget with its currency, most GPUs) calls /api/v1/advisor/recommend and shows
// the ranked options with their reasons; those that fit but cannot be ranked, and those that do
// not fit, are listed apart as the advisor gives them.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { advisorChoices, advisorRecommend, type AdvisorChoices, type Recommendation, type RecommendQuery } from '../api/advice.js';
import type { PageProps } from '../app/pages.js';
import { useI18n } from '../app/context.js';
import type { WebMessageKey, WebTranslate } from '../app/i18n.js';
import type { Format } from '../format/format.js';
import { AdvisorOptionView } from '../components/advice/advisor-option.js';
import '../components/advice/advice.css';

const DEFAULT_QUERY: RecommendQuery = { task: 'inference', model: 'llama-3-8b', precision: '', budget: '', currency: 'USD', count: 8 };
/** Tasks that size the work from a model; the others take none. */
const MODEL_TASKS = new Set(['train', 'finetune', 'inference']);

function Field({ label, wide, children }: { label: string; wide?: boolean; children: ComponentChildren }) {
  return (
    <label class={wide ? 'advice-field advice-field-wide' : 'advice-field'}>
      <span>{label}</span>
      {children}
    </label>
  );
}

export default function AdvisorPage(_props: PageProps) {
  const { t, locale, fmt: format } = useI18n();
  const [choices, setChoices] = useState<AdvisorChoices | null>(null);
  // Prices in the reader's market's currency to start with (they can pick another).
  const [query, setQuery] = useState<RecommendQuery>(() => ({ ...DEFAULT_QUERY, currency: locale === 'zh-CN' ? 'CNY' : 'USD' }));
  const [result, setResult] = useState<Recommendation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    advisorChoices(locale).then(setChoices, (cause: unknown) => setError(cause instanceof Error ? cause.message : String(cause)));
  }, [locale]);

  const set = (name: keyof RecommendQuery) => (event: Event) => {
    const value = (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;
    setQuery((q) => ({ ...q, [name]: name === 'count' ? Number(value) : value }));
  };

  // The question last asked: a switch of language asks it again, since the answer's reasons and
  // assumptions are sentences the server wrote in the language it was asked in.
  const asked = useRef<RecommendQuery | null>(null);
  // Only the newest answer is shown: one in the old language may arrive after the new one.
  const asks = useRef(0);
  const ask = (question: RecommendQuery, language: typeof locale) => {
    asked.current = question;
    const n = ++asks.current;
    setBusy(true);
    setError(null);
    advisorRecommend(question, language).then(
      (answer) => {
        if (n !== asks.current) return;
        setResult(answer);
        setBusy(false);
      },
      (cause: unknown) => {
        if (n !== asks.current) return;
        setResult(null);
        setError(cause instanceof Error ? cause.message : String(cause));
        setBusy(false);
      },
    );
  };
  const askedIn = useRef(locale);
  useEffect(() => {
    if (askedIn.current === locale) return;
    askedIn.current = locale;
    if (asked.current) ask(asked.current, locale);
  }, [locale]);

  const submit = (event: Event) => {
    event.preventDefault();
    ask({ ...query, model: MODEL_TASKS.has(query.task) ? query.model : undefined }, locale);
  };

  const taskLabel = (task: string) => t(`web.advisor.task.${task}` as WebMessageKey);
  return (
    <section class="page advice-page" aria-labelledby="advisor-title" data-testid="advisor-page">
      <header class="advice-head">
        <div>
          <h1 id="advisor-title" class="page-title">{t('web.advisor.title')}</h1>
          <p class="advice-lead">{t('web.advisor.lead')}</p>
        </div>
      </header>
      <form class="advice-form" onSubmit={submit} data-testid="advisor-form">
        <Field label={t('web.advisor.task')}>
          <select name="task" value={query.task} onChange={set('task')}>
            {(choices?.tasks ?? [query.task]).map((task) => <option key={task} value={task}>{taskLabel(task)}</option>)}
          </select>
        </Field>
        <Field label={t('web.advisor.model')}>
          <select name="model" value={query.model} onChange={set('model')} disabled={!MODEL_TASKS.has(query.task)}>
            {(choices?.models ?? []).map((model) => <option key={model.id} value={model.id}>{model.name}</option>)}
          </select>
        </Field>
        <Field label={t('web.advisor.precision')}>
          <select name="precision" value={query.precision} onChange={set('precision')}>
            <option value="">{t('web.advisor.precision.default')}</option>
            {(choices?.precisions ?? []).map((p) => <option key={p} value={p}>{p.toUpperCase()}</option>)}
          </select>
        </Field>
        <Field label={t('web.advisor.budget')} wide>
          <span class="advice-pair">
            <input name="budget" type="text" inputMode="decimal" value={query.budget} onInput={set('budget')} placeholder={t('web.advisor.budgetHint')} />
            <select name="currency" value={query.currency} onChange={set('currency')} aria-label={t('web.advisor.currency')}>
              {(choices?.currencies ?? ['USD']).map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </span>
        </Field>
        <Field label={t('web.advisor.count')}>
          <input name="count" type="number" min={1} max={choices?.maxCount ?? 64} value={query.count} onInput={set('count')} />
        </Field>
        <button type="submit" class="advice-primary" disabled={busy || choices === null}>{busy ? t('web.advisor.working') : t('web.advisor.submit')}</button>
      </form>
      {error && <p class="advice-error" role="alert">{t('web.advisor.error', { message: error })}</p>}
      {result && <Results result={result} t={t} format={format} />}
    </section>
  );
}

function Results({ result, t, format }: { result: Recommendation; t: WebTranslate; format: Format }) {
  const { excluded } = result;
  const cloud = result.deployment === 'cloud';
  return (
    <div class="advice-results" data-testid="advisor-results">
      {result.singleGpuNeedBytes !== null && <p>{t('web.advisor.need', { need: format.bytes(result.singleGpuNeedBytes) })}</p>}
      <h2>{t('web.advisor.ranked', { count: result.options.length })}</h2>
      {result.options.length === 0 ? (
        <p class="advice-muted">{t('web.advisor.none')}</p>
      ) : (
        <ol class="advice-options">{result.options.map((option, i) => <AdvisorOptionView key={`${option.gpuId}-${option.count}`} option={option} rank={i + 1} cloud={cloud} t={t} format={format} testid="advisor-option" />)}</ol>
      )}
      {excluded.budgetUnpriced > 0 && <p class="advice-warn-text">{t('web.advisor.excluded.unpriced', { count: excluded.budgetUnpriced })}</p>}
      {excluded.budget > 0 && <p class="advice-muted">{t('web.advisor.excluded.budget', { count: excluded.budget })}</p>}
      {result.unranked.length > 0 && (
        <section class="advice-apart" data-testid="advisor-unranked">
          <h2>{t('web.advisor.unranked', { count: result.counts.unranked })}</h2>
          <ul class="advice-options">{result.unranked.map((option) => <AdvisorOptionView key={`${option.gpuId}-${option.count}`} option={option} rank={null} cloud={cloud} t={t} format={format} testid="advisor-apart" />)}</ul>
        </section>
      )}
      {result.notFitting.length > 0 && (
        <section class="advice-apart" data-testid="advisor-not-fitting">
          <h2>{t('web.advisor.notFitting', { count: result.counts.notFitting })}</h2>
          <ul class="advice-options">{result.notFitting.map((option) => <AdvisorOptionView key={`${option.gpuId}-${option.count}`} option={option} rank={null} cloud={cloud} t={t} format={format} testid="advisor-apart" />)}</ul>
        </section>
      )}
      <details class="advice-assumptions">
        <summary>{t('web.advisor.assumptions')}</summary>
        <ul>{result.assumptions.map((note, i) => <li key={i}>{note.text}</li>)}</ul>
      </details>
    </div>
  );
}
