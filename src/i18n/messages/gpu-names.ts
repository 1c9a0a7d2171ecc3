import { defineMessages } from '../define.js';

// The one GPU name resolver's answers (src/catalog/resolve.ts), as every command words them.
export default defineMessages(
  {
    'advisor.error.unknownGpuSuggest': 'No GPU in the catalog is called "{value}". Did you mean {suggestions}? Run `gpuwise gpus list` to see the names.',
    'advisor.error.unlistedGpu': '"{value}" is not in the catalog on purpose (`gpuwise gpus show {value}` says why). Closest entry (not the same GPU): {closest}.',
    'gpuName.readAs': '"{query}" read as {id}, the flagship variant; it could also be {alternatives}. Give the id to choose.',
    'gpuName.several': '"{query}" could be several different GPUs: {candidates}. Name one of them.',
    'gpuName.unknown': 'No GPU in the catalog matches "{query}".',
    'gpuName.didYouMean': 'Did you mean {suggestions}?',
    'gpuName.option': 'GPU: a catalog id, a name as the driver prints it, or shorthand (4090, A100 80G, mi300)',
    'gpuName.reason.several': 'several GPUs fit ({candidates}); name one of them',
    'gpuName.reason.suggest': 'no GPU by that name; closest: {suggestions}',
    'gpuName.reason.none': 'no GPU by that name (`gpuwise gpus list` shows them all)',
  },
  {
    'advisor.error.unknownGpuSuggest': '目录中没有名为“{value}”的 GPU。你是不是想找 {suggestions}？运行 `gpuwise gpus list` 查看可用名称。',
    'advisor.error.unlistedGpu': '目录有意没有收录“{value}”（`gpuwise gpus show {value}` 说明了原因）。最接近的条目（并非同一款 GPU）：{closest}。',
    'gpuName.readAs': '“{query}”按旗舰型号 {id} 理解；它也可能指 {alternatives}。请给出 ID 来选择。',
    'gpuName.several': '“{query}”可能指多款不同的 GPU：{candidates}。请指明其中一款。',
    'gpuName.unknown': '目录中没有与“{query}”匹配的 GPU。',
    'gpuName.didYouMean': '你是不是想找 {suggestions}？',
    'gpuName.option': 'GPU：目录 ID、驱动显示的名称或简写（4090、A100 80G、mi300）',
    'gpuName.reason.several': '有多款 GPU 符合（{candidates}），请指明其中一款',
    'gpuName.reason.suggest': '没有这个名称的 GPU；最接近的是：{suggestions}',
    'gpuName.reason.none': '没有这个名称的 GPU（`gpuwise gpus list` 列出全部）',
  },
);
