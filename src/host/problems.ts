// Host problems as data: a stable code, an i18n key with its params, and the English text as the
// untranslated detail. The snapshot never holds a translated sentence, so --json does not change
// with LANG and a stored history can be shown later in any language (the CLI renders key+params).

import type { SnapshotProblem } from '../core/snapshot.js';
import type { MessageKey } from '../i18n/index.js';
// The host domain's messages alone, not the merged catalog of every domain in both languages
// (../i18n/catalog.ts, ~2.4 MiB of heap): a library user's sampler needs only this English.
import hostMessages from '../i18n/messages/host.js';
import type { FileTrouble } from './linux-process-reader.js';

/** Every host problem, with the params its message takes (checked against the catalog). */
export interface HostProblemParams {
  'host.problem.malformedFile': { path: string; excerpt: string };
  'host.problem.unreadableFile': { path: string; detail: string };
  'host.problem.procUnavailable': { path: string; detail: string };
  'host.problem.pidNamespace': { count: number };
  'host.problem.processNoPermission': { count: number; pids: string };
  'host.problem.treeTruncated': { pid: number; limit: number };
  'host.problem.bug': { scope: string; detail: string };
}

export type HostProblemKey = keyof HostProblemParams & MessageKey & keyof (typeof hostMessages)['en'];

/** The English text, as ../i18n's translate renders it (a missing parameter stays visible). */
function english(key: HostProblemKey, values: Record<string, string | number>): string {
  return hostMessages.en[key].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

export function hostProblem<K extends HostProblemKey>(scope: string, code: string, key: K, params: HostProblemParams[K]): SnapshotProblem {
  // A fresh object: the caller's params stay its own, and JSON gets plain string/number values.
  const values: Record<string, string | number> = { ...params };
  return { scope, code, key, params: values, message: english(key, values) };
}

/** How much of a file a "could not understand" problem quotes. */
export const EXCERPT_LENGTH = 200;

export function troubleProblem(scope: string, trouble: FileTrouble): SnapshotProblem {
  return trouble.kind === 'malformed'
    ? hostProblem(scope, 'parse', 'host.problem.malformedFile', { path: trouble.path, excerpt: JSON.stringify(trouble.detail.slice(0, EXCERPT_LENGTH)) })
    : hostProblem(scope, 'io', 'host.problem.unreadableFile', { path: trouble.path, detail: trouble.detail });
}

export function bugProblem(scope: string, error: unknown): SnapshotProblem {
  const detail = error instanceof Error ? error.message : String(error);
  return hostProblem(scope, 'bug', 'host.problem.bug', { scope, detail });
}
