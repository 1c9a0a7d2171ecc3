// The work behind `gpuwise info`: open a session, take one snapshot (or one every N seconds),
// print it as text or JSON.

import { toSafeJson } from '../../core/safe-text.js';
import type { Snapshot } from '../../core/snapshot.js';
import { openSession, type SnapshotSession } from '../../snapshot/session.js';
import type { CliContext } from '../context.js';
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
  });
  try {
    if (options.backend && !session.backend) {
      const attempt = session.attempts[0];
      const reason = (await loadRenderer()).reasonText(attempt?.unavailable?.code ?? null, cli.t);
      cli.err(`${cli.t('info.pinnedFailed', { backend: options.backend, reason })}\n`);
      if (attempt?.unavailable?.detail) cli.err(`  ${safeLine(attempt.unavailable.detail)}\n`);
      return 1;
    }
    if (options.watch !== undefined) {
      await watch(cli, session, options.watch === true ? DEFAULT_WATCH_SECONDS : options.watch, options.json === true);
      return 0;
    }
    const snapshot = await session.take();
    cli.out(options.json ? `${toSafeJson(snapshot, 2)}\n` : await render(cli, snapshot));
    return 0;
  } finally {
    await session.close();
  }
}

async function render(cli: CliContext, snapshot: Snapshot): Promise<string> {
  const { renderInfoText } = await loadRenderer();
  return renderInfoText(snapshot, { t: cli.t, color: cli.color, width: cli.terminalSize().columns });
}

/**
 * Redraws in place on a terminal; on a pipe prints one snapshot after another (JSON: one per
 * line, so `gpuwise info --json --watch | jq` works). Ctrl-C ends it cleanly. It reads through
 * the sampler, like every long-running command: reads never overlap, a slow read delays the
 * next one instead of stacking.
 */
async function watch(cli: CliContext, session: SnapshotSession, seconds: number, json: boolean): Promise<void> {
  const inPlace = cli.stdoutIsTTY && !json;
  const logUpdate = inPlace ? await createRedraw(process.stdout, cli.env) : null;
  const { renderInfoText } = await loadRenderer();
  const { createSampler } = await import('../../monitor/sampler.js');
  // No history is shown here: the smallest ring keeps the sampler's memory to the latest rows.
  const sampler = await createSampler({ session, intervalMs: seconds * 1000, historyRows: 2, autoStart: false });
  const draw = (snapshot: Snapshot) => {
    if (json) return cli.out(`${toSafeJson(snapshot)}\n`);
    const text = renderInfoText(snapshot, { t: cli.t, color: cli.color, width: cli.terminalSize().columns });
    if (logUpdate) logUpdate(text.trimEnd());
    else cli.out(`${text}\n`);
  };
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    sampler.subscribe((sample) => draw(sample.snapshot));
    sampler.start();
    await stopped;
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
