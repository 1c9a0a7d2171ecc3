import { defineMessages } from '../define.js';

// Numeric options and options that do not go together (src/cli/commands/option-ranges.ts,
// option-conflicts.ts): what was wrong, then what is allowed.
export default defineMessages(
  {
    'optionValue.range': 'must be a number from {min} to {max}',
    'optionValue.aboveRange': 'must be a number above {min}, at most {max}',
    'optionValue.wholeRange': 'must be a whole number from {min} to {max}',
    'optionValue.suffixHint': '(k, M, B and T count: 8k = 8,000, 7B = 7,000,000,000)',
    'optionValue.onlyWith': '{option} applies only with {needed}.',
    'optionValue.reason.memoryGib': '--memory-gib gives the memory directly, the model options compute it; use one or the other',
    'optionValue.reason.dtypeInference': 'Fine-tuning takes its weight format from --method (QLoRA loads 4-bit weights), training from --precision.',
    'optionValue.or': ' or ',
  },
  {
    'optionValue.range': '必须是 {min} 到 {max} 之间的数',
    'optionValue.aboveRange': '必须是大于 {min}、不超过 {max} 的数',
    'optionValue.wholeRange': '必须是 {min} 到 {max} 之间的整数',
    'optionValue.suffixHint': '（可以用 k、M、B、T：8k = 8,000，7B = 7,000,000,000）',
    'optionValue.onlyWith': '{option} 只在 {needed} 时适用。',
    'optionValue.reason.memoryGib': '--memory-gib 直接给出显存，模型选项则会计算显存；请二选一',
    'optionValue.reason.dtypeInference': '微调的权重格式由 --method 决定（QLoRA 加载 4 位权重），训练的由 --precision 决定。',
    'optionValue.or': ' 或 ',
  },
);
