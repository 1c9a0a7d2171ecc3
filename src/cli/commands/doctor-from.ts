// `gpuwise doctor --from FILE|-`: the report for a machine known from a paste (src/doctor/from).

import { safeText } from '../../core/safe-text.js';
import type { DoctorReport } from '../../doctor/index.js';
import type { CliContext } from '../context.js';

/** The report, or the translated reason the paste cannot be read (printed by the caller). */
export async function diagnosePaste(cli: CliContext, source: string): Promise<{ ok: true; report: DoctorReport; note: string } | { ok: false; message: string }> {
  const [{ readImportText }, { translateImportError }, { readPaste, runDoctorOnPaste }] = await Promise.all([
    import('../../import/read-input.js'),
    import('../../import/open-from.js'),
    import('../../doctor/from/run-from.js'),
  ]);
  try {
    const paste = readPaste(await readImportText(source));
    const report = await runDoctorOnPaste(paste);
    // The source is the user's argv, echoed: escaped. The kinds are a list in the reader's language.
    const shown = source === '-' ? cli.t('import.stdin') : safeText(source);
    const note = cli.t('doctor.from.readFrom', { source: shown, kinds: paste.kinds.join(cli.t('cli.help.listSeparator')) });
    return { ok: true, report, note };
  } catch (error) {
    return { ok: false, message: translateImportError(error, cli.t) };
  }
}
