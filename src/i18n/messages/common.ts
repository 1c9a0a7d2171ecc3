import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'common.notAvailable': 'N/A',
    'common.yes': 'yes',
    'common.no': 'no',
    'common.enabled': 'enabled',
    'common.disabled': 'disabled',
    'common.unexpectedError': 'Unexpected error: {detail}',
    'common.reportBug': 'This is a bug in gpuwise; please report it with the output of `gpuwise info --json`.',
  },
  {
    'common.notAvailable': 'N/A',
    'common.yes': '是',
    'common.no': '否',
    'common.enabled': '已启用',
    'common.disabled': '已禁用',
    'common.unexpectedError': '意外错误：{detail}',
    'common.reportBug': '这是 gpuwise 的缺陷，请附上 `gpuwise info --json` 的输出报告给我们。',
  },
);
