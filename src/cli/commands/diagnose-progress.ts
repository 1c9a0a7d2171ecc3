// diagnose's live progress on a terminal: one line, rewritten in place, with the elapsed time and
// the watched GPUs' and tree's figures of the newest sample. Nothing on a pipe or a file: a log
// of carriage returns helps no one.

import type { ObserveProgress } from '../../diagnose/observe.js';
import { formatDuration } from '../../i18n/format.js';
import type { Locale, Translate } from '../../i18n/index.js';
import { truncate } from '../render/format.js';
import { bytesText, percentText } from './diagnose-format.js';

/** Mean over the GPUs that have the figure; null when none has. */
function mean(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
}

export function progressLine(progress: ObserveProgress, t: Translate, locale: Locale): string {
  const elapsed = formatDuration(progress.elapsedMs / 1000, locale);
  const duration = progress.durationMs === null ? '…' : formatDuration(progress.durationMs / 1000, locale);
  const latest = progress.latest;
  if (latest === null) return `${elapsed} / ${duration}  ${t('diagnoseCli.progress.waiting')}`;
  const devices = latest.devices;
  const used = devices.reduce<number | null>((sum, d) => (d.memoryUsedBytes === null ? sum : (sum ?? 0) + d.memoryUsedBytes), null);
  return t('diagnoseCli.progress.line', {
    elapsed,
    duration,
    util: percentText(t, mean(devices.map((d) => d.gpuUtilPercent))),
    sm: percentText(t, mean(devices.map((d) => d.smActivePercent))),
    memory: bytesText(t, used),
    cpu: percentText(t, latest.tree?.totalCpuPercent ?? null),
    samples: progress.sampleCount,
  });
}

export interface ProgressWriter {
  update(progress: ObserveProgress): void;
  /** Clears the line, so the report starts on a clean one. */
  done(): void;
}

export function createProgressWriter(write: (text: string) => void, isTerminal: boolean, t: Translate, locale: Locale, columns: () => number): ProgressWriter {
  let shown = false;
  return {
    update(progress) {
      if (!isTerminal) return;
      const line = progressLine(progress, t, locale);
      // Cut to the terminal's width (CJK counts two columns): a wrapped line cannot be rewritten with \r.
      write(`\r\u001b[K${truncate(line, Math.max(20, columns() - 1))}`);
      shown = true;
    },
    done() {
      if (shown) write('\r\u001b[K');
      shown = false;
    },
  };
}
