// The doctor's data model: plain, JSON-serialisable values. Text for people is carried as an i18n
// key plus parameters (a `Message`), so one report renders in zh-CN or en and its JSON stays
// stable across languages.

import type { MessageKey, MessageParams, Translate } from '../i18n/index.js';

/** The layers, in the order a GPU stack is built and the order problems are reported. */
export const LAYERS = ['hardware', 'os', 'driver', 'cuda', 'frameworks', 'containers'] as const;
export type Layer = (typeof LAYERS)[number];

/** `skipped`: the check does not apply here (no GPU, not Linux …); its summary says why. */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skipped';

export interface Message {
  key: MessageKey;
  params?: MessageParams;
  /**
   * Placeholders that take a list (GPU names, versions): kept as items so each language joins
   * them its own way ("a, b" in English, "a、b" in Chinese); --json keeps the array.
   */
  lists?: Readonly<Record<string, readonly string[]>>;
  /**
   * Placeholders that take a message of their own (why a backend did not open): said in the
   * reader's language, while `params` keep the raw values (the backend's code) for --json.
   */
  terms?: Readonly<Record<string, Message>>;
}

export function msg(key: MessageKey, params?: MessageParams, lists?: Message['lists']): Message {
  const message: Message = params === undefined ? { key } : { key, params };
  if (lists !== undefined) message.lists = lists;
  return message;
}

/** `message` with placeholders filled by other messages (see `Message.terms`). */
export function withTerms(message: Message, terms: Readonly<Record<string, Message>>): Message {
  return { ...message, terms };
}

/**
 * The message's parameters with each list joined in the reader's language (t's list separator)
 * and each term translated.
 */
export function messageParams(message: Message, t: Translate): MessageParams | undefined {
  if (message.lists === undefined && message.terms === undefined) return message.params;
  const joined: MessageParams = { ...message.params };
  if (message.lists !== undefined) {
    const separator = t('cli.help.listSeparator');
    for (const [name, items] of Object.entries(message.lists)) joined[name] = items.join(separator);
  }
  for (const [name, term] of Object.entries(message.terms ?? {})) joined[name] = t(term.key, messageParams(term, t));
  return joined;
}

/** Which shell a fix command is written for. */
export type FixShell = 'sh' | 'powershell';

/**
 * Where a command must run. A WSL2 driver fix runs on the Windows host, never inside WSL; a
 * container without GPUs is fixed on the machine that starts it.
 */
export type FixWhere = 'here' | 'windows-host' | 'container-host';

export interface FixStep {
  explain: Message;
  /** Exact commands, in order; empty when the step is a manual action (a BIOS setting). */
  commands: string[];
  shell: FixShell;
  where: FixWhere;
  /** The commands use sudo / need an administrator shell. gpuwise itself never runs them. */
  needsRoot: boolean;
  /** A reboot is needed before the next step can work. */
  rebootAfter: boolean;
}

export interface Fix {
  /** Why this is a problem (what breaks), in one or two sentences. */
  why: Message;
  steps: FixStep[];
  /** Documentation a careful user reads before running the commands. */
  docs: string[];
}

export interface CheckResult {
  /** Stable id, `<layer>.<name>`, e.g. `driver.nouveau`. */
  id: string;
  layer: Layer;
  status: CheckStatus;
  title: Message;
  /** One line: what the check found (or why it was skipped). */
  summary: Message;
  /** What it looked at: files, command outputs, versions. */
  evidence: Message[];
  /** Set for `fail` and for `warn` where there is something to do. */
  fix: Fix | null;
}
