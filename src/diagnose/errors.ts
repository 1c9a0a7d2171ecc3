// The one error type observing and replaying throw for what a user can fix (no such process, no
// GPU, a job that does not start, a broken trace): a message key (zh-CN and en) with its values,
// so the CLI says what happened in the user's language — and, as exit codes, which kind it was.

import type { BackendAttemptSummary } from '../core/snapshot.js';
import { translate, type MessageKey, type MessageParams } from '../i18n/index.js';

export type DiagnoseErrorKey = Extract<MessageKey, `diagnoseCli.error.${string}`>;

export class DiagnoseError extends Error {
  readonly key: DiagnoseErrorKey;
  readonly params: MessageParams;
  /** A translated part (why a trace is unusable): renderers pass t(reason) as the `reason` param. */
  readonly reason: { key: MessageKey; params: MessageParams } | null;
  /** For "no GPU": every backend tried and why each failed, for the renderer to list as `info` does. */
  attempts: BackendAttemptSummary[] | null = null;

  constructor(key: DiagnoseErrorKey, params: MessageParams = {}, reason: { key: MessageKey; params?: MessageParams } | null = null) {
    const reasonText: MessageParams = reason === null ? {} : { reason: translate('en', reason.key, reason.params ?? {}) };
    // The English text as `message` keeps stack traces readable; renderers use key + params.
    super(translate('en', key, { ...params, ...reasonText }));
    this.name = 'DiagnoseError';
    this.key = key;
    this.params = params;
    this.reason = reason === null ? null : { key: reason.key, params: reason.params ?? {} };
  }

  /** The message in `locale`'s translator. */
  text(t: (key: MessageKey, params?: MessageParams) => string): string {
    return t(this.key, this.reason === null ? this.params : { ...this.params, reason: t(this.reason.key, this.reason.params) });
  }
}

export function isDiagnoseError(error: unknown): error is DiagnoseError {
  return error instanceof DiagnoseError;
}
