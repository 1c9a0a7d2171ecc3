// A guide: the usual install article for one topic, tailored to this machine by a doctor report —
// steps already done say so, steps to do carry this OS's exact commands, and it ends with the
// commands that prove it worked.

import type { MessageKey, MessageParams } from '../../i18n/index.js';
import { msg, type FixShell, type FixStep, type Message } from '../types.js';

export const GUIDE_TOPICS = ['driver', 'cuda', 'cudnn', 'pytorch', 'tensorflow', 'jax', 'docker', 'rocm', 'verify'] as const;
export type GuideTopic = (typeof GUIDE_TOPICS)[number];

export function isGuideTopic(value: string): value is GuideTopic {
  return (GUIDE_TOPICS as readonly string[]).includes(value);
}

/** The topic a user typed, in any case ("PyTorch", " ROCm "); null when it is none. */
export function parseGuideTopic(value: string): GuideTopic | null {
  const topic = value.trim().toLowerCase();
  return isGuideTopic(topic) ? topic : null;
}

/** `done`: already true here; `todo`: run the actions; `info`: read; `blocked`: an earlier layer must be fixed first. */
export type GuideStepState = 'done' | 'todo' | 'info' | 'blocked';

export interface GuideStep {
  title: Message;
  state: GuideStepState;
  /** Why, or what the doctor found (for a done step, the finding that shows it is done). */
  detail: Message[];
  /** What to run, each with its shell and the machine it runs on; empty for done / info steps. */
  actions: FixStep[];
}

export interface GuideVerification {
  explain: Message;
  commands: string[];
  shell: FixShell;
}

export interface Guide {
  topic: GuideTopic;
  title: Message;
  /** Said before the steps: a guide for another machine, not checked here (`--for`). */
  notes?: Message[];
  steps: GuideStep[];
  verify: GuideVerification[];
}

export function guideStep(
  title: MessageKey,
  state: GuideStepState,
  detail: Message[] = [],
  actions: FixStep[] = [],
  params?: MessageParams,
): GuideStep {
  return { title: msg(title, params), state, detail, actions: state === 'todo' || state === 'info' ? actions : [] };
}

export function verification(key: MessageKey, commands: string[], shell: FixShell = 'sh', params?: MessageParams): GuideVerification {
  return { explain: msg(key, params), commands, shell };
}
