// Lines above the process table for what the reader must know to trust the screen: processes in
// another PID namespace (and what to do), a fallback to the nvidia-smi backend (and why),
// processes from a slow list read every 5 s (`listedAgeMs`), and problems met while reading that
// no panel shows.

import type { Snapshot, SnapshotProblem } from '../../core/snapshot.js';
import type { Translate } from '../../i18n/index.js';
import { problemLine } from '../render/problem-text.js';
import { reasonText } from '../render/reasons.js';
import { wrap } from './help.js';
import { Line } from './line.js';
import type { Theme } from './theme.js';

/** Problems the GPU panel already shows on the GPU's own line. */
function shownByPanel(problem: SnapshotProblem): boolean {
  return /^device:\d+$/.test(problem.scope) && (problem.code === 'timeout' || problem.code === 'ERROR_GPU_IS_LOST' || problem.code === 'GPU_IS_LOST');
}

export function renderNotes(snapshot: Snapshot, columns: number, theme: Theme, t: Translate): Line[] {
  const notes: Line[] = [];
  const hidden = new Set(snapshot.processes.filter((p) => p.hostResolution === 'other-namespace').map((p) => p.pid)).size;
  // These two say what to do: they wrap onto a second line rather than lose the end.
  const wrapped = (text: string, style = theme.warn, glyph = `${theme.glyphs.warn} `) => wrap(`${glyph}${text}`, columns).slice(0, 2).map((line) => new Line().add(line, style));
  if (hidden > 0) notes.push(...wrapped(t('top.note.namespace', { count: hidden })));
  if (snapshot.backend === 'nvidia-smi') {
    const nvml = snapshot.backendAttempts.find((attempt) => attempt.backend === 'nvml' && !attempt.ok);
    const reason = nvml ? reasonText(nvml.code, t) : t('top.note.pinned');
    notes.push(...wrapped(t('top.note.nvidiaSmi', { reason })));
  }
  // Not a warning: nothing is wrong, but a new client's absence for a few seconds has a reason.
  let carried = 0;
  for (const p of snapshot.processes) if (p.listedAgeMs !== undefined) carried++;
  if (carried > 0) notes.push(...wrapped(t('top.note.carried', { count: carried }), theme.dim, ''));
  const problems = snapshot.problems.filter((problem) => !shownByPanel(problem));
  if (problems.length > 0 && columns > 0) {
    const first = problems[0]!;
    const line = new Line().add(`${theme.glyphs.warn} ${t('top.note.problems', { count: problems.length })} `, theme.warn);
    // As `info` says it: "GPU 1", NVML's code as words beside its name (render/problem-text.ts).
    line.add(problemLine(first, t), theme.dim);
    notes.push(line);
  }
  return notes;
}
