// /api/v1/advisor: "which GPU for this workload" for the dashboard's form. `recommend` answers the
// advisor's typed Recommendation with every note also written out in the request's language;
// `choices` lists what the form offers (model presets, tasks, precisions, currencies …). Pure
// computation over the built-in catalogs: it reads nothing of this machine.

import type { Hono } from 'hono';
import { z } from 'zod';
import { isAdvisorError, listModelPresets, presetParameterCount, recommend, renderNote, type AdvisorNote, type RecommendInput, type RecommendOption } from '../../advisor/index.js';
import { DEFAULT_FX } from '../../advisor/pricing/fx.js';
import { parseMoney } from '../../advisor/pricing/money.js';
import { COMPUTE_PRECISIONS, DEPLOYMENTS, RECOMMEND_TASKS, SORT_KEYS } from '../../advisor/recommend/types.js';
import { CURRENCIES, type Currency } from '../../catalog/gpu-enums.js';
import type { Locale } from '../../i18n/index.js';
import { ApiError, jsonAnswer } from '../errors.js';
import type { ServerEnv } from '../options.js';
import { integerParam, parseQuery, refuse } from '../query.js';

const GIB = 1024 ** 3;
/** Most options one answer lists per group: the form shows a page, not the whole catalog. */
const MAX_LIMIT = 50;

function choiceParam<T extends string>(choices: readonly T[]) {
  return z.string().transform((value, ctx) =>
    (choices as readonly string[]).includes(value) ? (value as T) : refuse(ctx, 'serve.api.advisor.badChoice', { choices: choices.join(', ') }),
  );
}

const presetIds = () => listModelPresets().map((preset) => preset.id);

const RECOMMEND_QUERY = {
  task: choiceParam(RECOMMEND_TASKS),
  model: z
    .string()
    .optional()
    .transform((value, ctx) => (value === undefined || presetIds().includes(value) ? value : refuse(ctx, 'serve.api.advisor.unknownModel', { known: presetIds().join(', ') }))),
  memoryGib: z.string().optional().transform((value, ctx) => {
    if (value === undefined) return undefined;
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) && n > 0 && n <= 1_000_000 ? n : refuse(ctx, 'serve.api.advisor.badNumber', { min: '> 0', max: 1_000_000 });
  }),
  precision: choiceParam(COMPUTE_PRECISIONS).optional(),
  budget: z.string().max(64).optional(),
  currency: choiceParam(CURRENCIES).optional(),
  count: integerParam(1, 64).optional(),
  deployment: choiceParam(DEPLOYMENTS).optional(),
  sort: choiceParam(SORT_KEYS).optional(),
  limit: integerParam(1, MAX_LIMIT).optional(),
};

type RecommendQuery = z.output<z.ZodObject<typeof RECOMMEND_QUERY>>;

/** "¥400000", "400k", "$60,000" in the asked currency (converted at the advisor's dated rates). */
function budgetIn(text: string, currency: Currency): number {
  try {
    const money = parseMoney(text, currency);
    return (money.amount / DEFAULT_FX.perUsd[money.currency]) * DEFAULT_FX.perUsd[currency];
  } catch {
    throw new ApiError(400, 'serve.api.advisor.badBudget', { parameter: 'budget' }, { parameter: 'budget', value: text });
  }
}

export function recommendInputFromQuery(query: RecommendQuery): RecommendInput {
  const currency = query.currency ?? 'USD';
  const input: RecommendInput = { task: query.task, currency, fx: DEFAULT_FX, limit: query.limit ?? 20 };
  if (query.model !== undefined) input.model = query.model;
  if (query.memoryGib !== undefined) input.memoryNeedBytes = query.memoryGib * GIB;
  if (query.precision !== undefined) input.precision = query.precision;
  if (query.budget !== undefined) input[query.deployment === 'cloud' ? 'budgetPerHour' : 'budget'] = budgetIn(query.budget, currency);
  if (query.count !== undefined) input.maxGpuCount = query.count;
  if (query.deployment !== undefined) input.deployment = query.deployment;
  if (query.sort !== undefined) input.sortBy = query.sort;
  return input;
}

const withText = (locale: Locale) => (note: AdvisorNote) => ({ ...note, text: renderNote(locale, note) });

function optionWithText(locale: Locale) {
  return (option: RecommendOption) => ({ ...option, reasons: option.reasons.map(withText(locale)) });
}

export function advisorRoutes(app: Hono<ServerEnv>): void {
  app.get('/api/v1/advisor/choices', (c) => {
    parseQuery(new URL(c.req.url), {});
    return jsonAnswer(c, {
      tasks: RECOMMEND_TASKS,
      precisions: COMPUTE_PRECISIONS,
      currencies: CURRENCIES,
      deployments: DEPLOYMENTS,
      sorts: SORT_KEYS,
      maxCount: 64,
      models: listModelPresets().map((preset) => ({ id: preset.id, name: preset.name, family: preset.family, parameterCount: presetParameterCount(preset) })),
    });
  });

  app.get('/api/v1/advisor/recommend', (c) => {
    const query = parseQuery(new URL(c.req.url), RECOMMEND_QUERY);
    const locale = c.var.locale;
    let result;
    try {
      result = recommend(recommendInputFromQuery(query));
    } catch (error) {
      // The advisor's own refusals (a task that needs a model, …) are the client's input: a 400 in its language,
      // worded with this API's parameters where the advisor's names the CLI's flags.
      if (isAdvisorError(error)) {
        if (error.key === 'advisor.error.needModelOrMemory') throw new ApiError(400, 'serve.api.advisor.needModelOrMemory', error.params, { parameter: 'model' });
        throw new ApiError(400, error.key, error.params, { parameter: null });
      }
      throw error;
    }
    const limit = query.limit ?? 20;
    const text = optionWithText(locale);
    return jsonAnswer(c, {
      ...result,
      options: result.options.map(text),
      unranked: result.unranked.slice(0, limit).map(text),
      notFitting: result.notFitting.slice(0, limit).map(text),
      counts: { options: result.options.length, unranked: result.unranked.length, notFitting: result.notFitting.length },
      local: result.local.map((fit) => ({ ...fit, note: withText(locale)(fit.note) })),
      assumptions: result.assumptions.map(withText(locale)),
    });
  });
}
