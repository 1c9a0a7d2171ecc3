// The doctor's and the advisor's endpoints (docs/api.md: /api/v1/doctor, /api/v1/advisor/*), as
// the doctor and advisor pages read them. The shapes mirror src/server/routes/doctor.ts and
// advisor.ts (the doctor's LocalizedDoctorReport, the advisor's Recommendation) as far as the
// pages use them; their modules reach Node-only code the browser's typecheck cannot load.

import type { CheckStatus, FixShell, FixWhere, Layer } from '../../../src/doctor/types.js';

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
  throughput: { rate: number | null; rateUnit: 'flop/s' | 'token/s' | 'byte/s'; relative: number | null; peakTokensPerSecond: number | null };
  price: { amount: number; currency: string } | null;
  rental: { perHour: number; currency: string; provider: string } | null;
  boardPowerWatts: number;
  reasons: Text[];
}

export interface Recommendation {
  task: string;
  sortBy: string;
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

/** The server's error body: the key for programs, the message in the page's language. */
export class AdviceError extends Error {
  constructor(readonly status: number, readonly key: string, message: string) {
    super(message);
  }
}

async function getJson<T>(path: string, lang: string): Promise<T> {
  const url = `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
  const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (response.status === 401) {
    location.assign(`/login?next=${encodeURIComponent(location.pathname + location.hash)}`);
    throw new AdviceError(401, 'serve.http.unauthorized', '');
  }
  const body = (await response.json().catch(() => null)) as { error?: { key: string; message: string } } | null;
  if (!response.ok) throw new AdviceError(response.status, body?.error?.key ?? 'http', body?.error?.message ?? `HTTP ${response.status}`);
  return body as T;
}

export const doctorLatest = (lang: string) => getJson<{ run: DoctorRun | null }>('/api/v1/doctor', lang);
export const doctorStart = (lang: string) => getJson<{ run: DoctorRun }>('/api/v1/doctor?start=1', lang);
export const doctorPoll = (id: string, lang: string) => getJson<{ run: DoctorRun }>(`/api/v1/doctor?run=${encodeURIComponent(id)}`, lang);
export const advisorChoices = (lang: string) => getJson<AdvisorChoices>('/api/v1/advisor/choices', lang);

export function advisorRecommend(query: RecommendQuery, lang: string): Promise<Recommendation> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  return getJson<Recommendation>(`/api/v1/advisor/recommend?${params}`, lang);
}
