import { defineMessages } from '../define.js';

// `gpuwise cost`'s own sentences beyond the advisor's: payback against the period asked for,
// and the server an SXM/OAM module needs (src/cli/commands/cost-notes.ts).
export default defineMessages(
  {
    'costNotes.noPaybackInPeriod': 'Buying does not pay for itself within the {months} months asked for (at this rate it would take {payback} months).',
    'costNotes.noPaybackInPeriodResale': 'Buying does not pay for itself within the {months} months asked for, even counting the {resale} resale at the end (at this rate it would take {payback} months).',
    'costNotes.paybackResale': 'Buying pays for itself after {months} months, counting the {resale} it sells for at the end.',
    'costNotes.module': '{gpu} is an {formFactor} module: it runs only on a server board (an HGX/OAM baseboard), which this total leaves out. Add that with --host-price.',
    'costNotes.moduleServers': 'Servers that hold {count} × {gpu}: {servers}{more} — see `gpuwise servers --gpu {id} --count {count}`.',
    'costNotes.moduleNoServer': 'No server in the catalog holds {count} × {gpu}: see `gpuwise servers --gpu {id}`.',
    'costNotes.more': ' and {count} more',
  },
  {
    'costNotes.noPaybackInPeriod': '在所问的 {months} 个月内，自购无法回本（按此速度需要 {payback} 个月）。',
    'costNotes.noPaybackInPeriodResale': '在所问的 {months} 个月内，即使计入期末 {resale} 的残值，自购也无法回本（按此速度需要 {payback} 个月）。',
    'costNotes.paybackResale': '计入期末出售所得 {resale} 后，自购 {months} 个月后回本。',
    'costNotes.module': '{gpu} 是 {formFactor} 模组：只能装在服务器主板（HGX/OAM 底板）上运行，上面的合计不含这部分。请用 --host-price 加上。',
    'costNotes.moduleServers': '能装 {count} × {gpu} 的服务器：{servers}{more}——详见 `gpuwise servers --gpu {id} --count {count}`。',
    'costNotes.moduleNoServer': '目录中没有能装 {count} × {gpu} 的服务器：详见 `gpuwise servers --gpu {id}`。',
    'costNotes.more': ' 等另外 {count} 款',
  },
);
