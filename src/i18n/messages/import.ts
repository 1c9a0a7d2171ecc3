// `--from FILE|-`: reading pasted tool output (src/import) — detection, parse errors, limits.

import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'import.error.gpuwiseJson': 'This looks like gpuwise’s own JSON, but it cannot be read: {detail}',
  },
  {
    'import.error.gpuwiseJson': '这看起来是 gpuwise 自己的 JSON，但无法读取：{detail}',
  },
);
