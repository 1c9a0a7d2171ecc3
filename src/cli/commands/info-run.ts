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
  // JSON is for scripts: by default they get the snapshot at once, without the CPU-% window.
  const cpuSampleMs = options.cpuSample ?? (options.json ? 0 : DEFAULT_CPU_SAMPLE_MS);
  const session = await openSession({
    backend: options.backend,
    // A watch runs for hours: a GPU that hangs in the driver must not freeze it.
    isolateNvml: options.watch !== undefined,
    hostOptions: { firstSampleWindowMs: cpuSampleMs, t: cli.t },
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
 * line, so `gpuwise info --json --watch | jq` works). Ctrl-C ends it cleanly.
 */
async function watch(cli: CliContext, session: SnapshotSession, seconds: number, json: boolean): Promise<void> {
  const inPlace = cli.stdoutIsTTY && !json;
  const logUpdate = inPlace ? await createRedraw(process.stdout, cli.env) : null;
  let stopped = false;
  let wake: (() => void) | null = null;
  const stop = () => {
    stopped = true;
    wake?.();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    while (!stopped) {
      const started = Date.now();
      const snapshot = await session.take();
      if (json) cli.out(`${toSafeJson(snapshot)}\n`);
      else if (logUpdate) logUpdate((await render(cli, snapshot)).trimEnd());
      else cli.out(`${await render(cli, snapshot)}\n`);
      const delay = Math.max(0, seconds * 1000 - (Date.now() - started));
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, delay);
      });
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    if (logUpdate) {
      logUpdate.done();
      cli.err(`${cli.t('info.watch.stopped')}\n`);
    }
  }
}
