// The doctor's and the advisor's endpoints (docs/api.md: /api/v1/doctor, /api/v1/advisor/*), as
// the doctor and advisor pages read them. The shapes mirror src/server/routes/doctor.ts and
// advisor.ts (the doctor's LocalizedDoctorReport, the advisor's Recommendation) as far as the
// pages use them; their modules reach Node-only code the browser's typecheck cannot load.

import type { CheckStatus, FixShell, FixWhere, Layer } from '../../../src/doctor/types.js';
import { apiPath, loginUrl } from './client.js';
import { badAnswer, errorFromResponse, networkError } from './errors.js';

export type { CheckStatus, Layer };

/** A message as the server wrote it out in the asked language. */
export interface Text {
  key: string;
  text: string;
}

export interface DoctorFixStep {
  explain: Text;
  commands: string[];
  shell: FixShell;
  where: FixWhere;
  needsRoot: boolean;
  rebootAfter: boolean;
}

export interface DoctorCheck {
  id: string;
  layer: Layer;
  status: CheckStatus;
  title: Text;
  summary: Text;
  evidence: Text[];
  fix: { why: Text; steps: DoctorFixStep[]; docs: string[] } | null;
}

export interface DoctorReport {
  generatedAt: string;
  layers: { layer: Layer; checks: DoctorCheck[] }[];
  counts: Record<CheckStatus, number>;
  verdict: { kind: 'problems' | 'ready' | 'no-gpu' };
  verdictText: string;
  exitCode: 0 | 1;
}

export interface DoctorRun {
  id: string;
  state: 'running' | 'done' | 'failed';
  startedMs: number;
  finishedMs: number | null;
  tasks: { key: string; text: string; state: 'running' | 'waiting' | 'done' }[];
  done: number;
  error: { key: string; message: string } | null;
  report: DoctorReport | null;
}

export interface AdvisorChoices {
  tasks: string[];
  precisions: string[];
  currencies: string[];
  deployments: string[];
  sorts: string[];
  maxCount: number;
  models: { id: string; name: string; family: string; parameterCount: number }[];
}

export interface AdvisorOption {
  gpuId: string;
  gpuName: string;
  count: number;
  memory: { fits: boolean | null; perGpuNeedBytes: number | null; perGpuCapacityBytes: number };
  throughput: { rate: number | null; rateUnit: 'flop/s' | 'token/s' | 'byte/s' | 'image/s'; relative: number | null; peakTokensPerSecond: number | null };
  price: { amount: number; currency: string } | null;
  rental: { perHour: number; currency: string; provider: string } | null;
  boardPowerWatts: number;
  reasons: Text[];
}

export interface Recommendation {
  task: string;
  sortBy: string;
  deployment: 'workstation' | 'server' | 'cloud' | null;
  currency: string;
  singleGpuNeedBytes: number | null;
  options: AdvisorOption[];
  unranked: AdvisorOption[];
  notFitting: AdvisorOption[];
  counts: { options: number; unranked: number; notFitting: number };
  excluded: { budget: number; budgetUnpriced: number; power: number; deployment: number; segment: number };
  assumptions: Text[];
}

export interface RecommendQuery {
  task: string;
  model?: string;
  precision?: string;
  budget?: string;
  currency?: string;
  count?: number;
}

type Params = Record<string, string | number | undefined>;

/** GET through W2's conventions (client.ts): same origin, ApiError for every failure, 401 → /login. */
export async function getJson<T>(endpoint: string, params: Params, lang: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiPath(endpoint, params, lang), { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (error.unauthorized) location.assign(loginUrl(location));
    throw error;
  }
  try {
    return (await response.json()) as T;
  } catch (cause) {
    throw badAnswer(response.status, `not JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

export const doctorLatest = (lang: string) => getJson<{ run: DoctorRun | null }>('doctor', {}, lang);
export const doctorStart = (lang: string) => getJson<{ run: DoctorRun }>('doctor', { start: 1 }, lang);
export const doctorPoll = (id: string, lang: string) => getJson<{ run: DoctorRun }>('doctor', { run: id }, lang);
export const advisorChoices = (lang: string) => getJson<AdvisorChoices>('advisor/choices', {}, lang);

export function advisorRecommend(query: RecommendQuery, lang: string): Promise<Recommendation> {
  const params: Params = {};
  // An empty field is no parameter: the server refuses an empty budget rather than guess.
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params[name] = value;
  return getJson<Recommendation>('advisor/recommend', params, lang);
}
