// The work behind `gpuwise info`: open a session, take one snapshot (or one every N seconds),
// print it as text or JSON.

import { toSafeJson } from '../../core/safe-text.js';
import type { Snapshot } from '../../core/snapshot.js';
import { openSession, type SnapshotSession } from '../../snapshot/session.js';
import type { CliContext } from '../context.js';
import { localeWantsAscii } from '../charset.js';
import type { TextRenderOptions } from '../render/info-text.js';
import { safeLine } from '../render/safe-view.js';
import { createRedraw } from '../terminal.js';
import type { InfoOptions } from './info.js';

// The text renderer and log-update are imported only when used: `info --json` is for scripts
// and should start as fast as Node allows.
const loadRenderer = () => import('../render/info-text.js');

const DEFAULT_WATCH_SECONDS = 1;
const DEFAULT_CPU_SAMPLE_MS = 100;

export async function runInfo(cli: CliContext, options: InfoOptions): Promise<number> {
  if (options.from !== undefined) return (await import('./info-from.js')).runInfoFrom(cli, { ...options, from: options.from });
  // JSON is for scripts: by default they get the snapshot at once, without the CPU-% window.
  const cpuSampleMs = options.cpuSample ?? (options.json ? 0 : DEFAULT_CPU_SAMPLE_MS);
  const session = await openSession({
    backend: options.backend,
    // One-shot or watch, NVML is read with one deadline per read, GPUs side by side through koffi's
    // async calls (nvml/deadline.ts): a GPU hung in the driver is shown as not answering while
    // the others keep updating, and Ctrl-C still works.
    hostOptions: { firstSampleWindowMs: cpuSampleMs },
    // One reading with no warm-up before it: nothing to set a baseline for (GPM's samples).
    singleReading: options.watch === undefined && cpuSampleMs === 0,
  });
  try {
    if (options.backend && !session.backend) {
      const attempt = session.attempts[0];
      const reason = (await loadRenderer()).reasonText(attempt?.unavailable?.code ?? null, cli.t, options.backend);
      cli.err(`${cli.t('info.pinnedFailed', { backend: options.backend, reason })}\n`);
      // The backend's own words (English, as the tool said them), labelled in the reader's language.
      if (attempt?.unavailable?.detail) cli.err(`  ${cli.t('info.pinnedDetail', { detail: safeLine(attempt.unavailable.detail) })}\n`);
      return 1;
    }
    if (options.watch !== undefined) {
      return await watch(cli, session, options.watch === true ? DEFAULT_WATCH_SECONDS : options.watch, options);
    }
    const snapshot = await session.take();
    cli.out(options.json ? `${toSafeJson(snapshot, 2)}\n` : await render(cli, snapshot, options));
    return 0;
  } finally {
    await session.close();
  }
}

/** How the text view is drawn: the terminal's width now, its charset, the reader's language. */
export function textOptions(cli: CliContext, options: Pick<InfoOptions, 'detail'>): TextRenderOptions {
  return { t: cli.t, color: cli.color, width: cli.terminalSize().columns, locale: cli.locale, ascii: localeWantsAscii(cli.env), detail: options.detail === true };
}

async function render(cli: CliContext, snapshot: Snapshot, options: InfoOptions): Promise<string> {
  const { renderInfoText } = await loadRenderer();
  return renderInfoText(snapshot, textOptions(cli, options));
}

/** The exit status of a command ended by a signal, as a shell reports it (128 + its number). */
const SIGNAL_EXIT: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

/**
 * Redraws in place on a terminal; on a pipe prints one snapshot after another (JSON: one per
 * line, so `gpuwise info --json --watch | jq` works). Ctrl-C ends it cleanly, with 130 on a
 * terminal and in a pipe alike (a script tells an interrupted watch from a finished one). It reads through
 * the sampler, like every long-running command: reads never overlap, a slow read delays the
 * next one instead of stacking.
 */
async function watch(cli: CliContext, session: SnapshotSession, seconds: number, options: InfoOptions): Promise<number> {
  const json = options.json === true;
  const inPlace = cli.stdoutIsTTY && !json;
  const logUpdate = inPlace ? await createRedraw(process.stdout, cli.env) : null;
  const { renderInfoText } = await loadRenderer();
  const { createSampler } = await import('../../monitor/sampler.js');
  // No history is shown here: the smallest ring keeps the sampler's memory to the latest rows.
  const sampler = await createSampler({ session, intervalMs: seconds * 1000, historyRows: 2, autoStart: false });
  const draw = (snapshot: Snapshot) => {
    if (json) return cli.out(`${toSafeJson(snapshot)}\n`);
    const text = renderInfoText(snapshot, textOptions(cli, options));
    if (logUpdate) logUpdate(text.trimEnd());
    else cli.out(`${text}\n`);
  };
  let stop = (_signal: NodeJS.Signals) => {};
  const stopped = new Promise<number>((resolve) => (stop = (signal) => resolve(signal === 'SIGTERM' ? SIGNAL_EXIT.SIGTERM : SIGNAL_EXIT.SIGINT)));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    sampler.subscribe((sample) => draw(sample.snapshot));
    sampler.start();
    return await stopped;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await sampler.stop();
    if (logUpdate) {
      logUpdate.done();
      cli.err(`${cli.t('info.watch.stopped')}\n`);
    }
  }
}
