// `gpuwise recommend --local --from FILE|-`: the snapshot of a pasted machine for the advisor.

import type { Snapshot } from '../../core/snapshot.js';
import type { CliContext } from '../context.js';

/** The pasted machine's snapshot; on failure the translated reason is already on stderr. */
export async function pastedSnapshot(cli: CliContext, source: string): Promise<{ ok: true; snapshot: Snapshot } | { ok: false }> {
  const { openFrom } = await import('../../import/open-from.js');
  const opened = await openFrom(source, cli.t);
  if (!opened.ok) {
    cli.err(`${opened.message}\n`);
    return { ok: false };
  }
  try {
    cli.err(`${opened.note}\n`);
    return { ok: true, snapshot: await opened.session.take() };
  } finally {
    await opened.session.close();
  }
}
