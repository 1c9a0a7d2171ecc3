// Column names by sort key, for the table header and the status line.
import type { MessageKey } from '../../i18n/index.js';
import type { SortKey } from './process-rows.js';

export const SORT_LABELS = {
  pid: 'top.col.pid',
  user: 'top.col.user',
  gpu: 'top.col.gpu',
  gpuMemory: 'top.col.gpuMemory',
  sm: 'top.col.sm',
  cpu: 'top.col.cpu',
  rss: 'top.col.rss',
  time: 'top.col.time',
  command: 'top.col.command',
} as const satisfies Record<SortKey, MessageKey>;
