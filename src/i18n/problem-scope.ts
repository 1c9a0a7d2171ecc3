// Where a snapshot's problem is, in the reader's words: "GPU 1", not "device:1". Shared by the
// CLI's renderers (cli/render/problem-text.ts) and the dashboard (web/), which translate through
// different functions: each passes its own, typed for these keys only.

/** The keys a problem's scope is said with. */
export type ProblemScopeKey = 'problems.scope.device' | 'problems.scope.devices' | 'problems.scope.processes' | 'problems.scope.host' | 'problems.scope.import';

export function problemScopeText(scope: string, t: (key: ProblemScopeKey, params?: Record<string, string | number>) => string): string {
  const device = /^device:(\d+)$/.exec(scope);
  if (device) return t('problems.scope.device', { index: device[1] ?? '' });
  if (scope === 'devices') return t('problems.scope.devices');
  if (scope === 'processes') return t('problems.scope.processes');
  if (scope === 'host') return t('problems.scope.host');
  // A note on pasted output as a whole (`info --from`): what it lacks.
  if (scope === 'import') return t('problems.scope.import');
  return scope;
}
