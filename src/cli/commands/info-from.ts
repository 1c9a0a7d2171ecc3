// `gpuwise info --from FILE|-`: one snapshot of pasted tool output, as text or JSON.

import { toSafeJson } from '../../core/safe-text.js';
import type { CliContext } from '../context.js';
import type { InfoOptions } from './info.js';

export async function runInfoFrom(cli: CliContext, options: InfoOptions & { from: string }): Promise<number> {
  // None of these applies to a file read once: refused, not ignored.
  const conflict = options.watch !== undefined ? '--watch' : options.backend !== undefined ? '--backend' : options.cpuSample !== undefined ? '--cpu-sample' : null;
  if (conflict) {
    cli.err(`${cli.t('import.error.fromConflict', { option: conflict })}\n`);
    return 2;
  }
  const { openFrom } = await import('../../import/open-from.js');
  const opened = await openFrom(options.from, cli.t);
  if (!opened.ok) {
    cli.err(`${opened.message}\n`);
    return 1;
  }
  try {
    const snapshot = await opened.session.take();
    if (options.json) cli.out(`${toSafeJson(snapshot, 2)}\n`);
    else {
      const { renderInfoText } = await import('../render/info-text.js');
      cli.err(`${opened.note}\n`);
      cli.out(renderInfoText(snapshot, { t: cli.t, color: cli.color, width: cli.terminalSize().columns }));
    }
    return 0;
  } finally {
    await opened.session.close();
  }
}
