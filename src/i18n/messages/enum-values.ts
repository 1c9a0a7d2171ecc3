// Option values as a reader sees them in output (the values typed stay as they are in --help):
// "重计算：不重计算", not "重计算 none". One map per enum in src/cli/render/enum-text.ts.
import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'enumValue.recompute.none': 'none',
    'enumValue.recompute.selective': 'selective',
    'enumValue.recompute.full': 'full',
    'enumValue.method.full': 'full fine-tuning',
    'enumValue.method.lora': 'LoRA',
    'enumValue.method.qlora': 'QLoRA',
    'enumValue.optimizer.adamw': 'AdamW',
    'enumValue.optimizer.adamw-8bit': '8-bit AdamW',
    'enumValue.optimizer.sgd': 'SGD',
    'enumValue.optimizer.sgd-momentum': 'SGD with momentum',
    'enumValue.optimizer.adafactor': 'Adafactor',
    'enumValue.precision.fp32': 'FP32',
    'enumValue.precision.mixed-fp16': 'mixed FP16',
    'enumValue.precision.mixed-bf16': 'mixed BF16',
    'enumValue.precision.bf16': 'pure BF16',
    'enumValue.precision.fp16': 'pure FP16',
    'enumValue.model.custom': 'custom model',
  },
  {
    'enumValue.recompute.none': '不重计算',
    'enumValue.recompute.selective': '选择性重计算',
    'enumValue.recompute.full': '完全重计算',
    'enumValue.method.full': '全参数微调',
    'enumValue.method.lora': 'LoRA',
    'enumValue.method.qlora': 'QLoRA',
    'enumValue.optimizer.adamw': 'AdamW',
    'enumValue.optimizer.adamw-8bit': '8 位 AdamW',
    'enumValue.optimizer.sgd': 'SGD',
    'enumValue.optimizer.sgd-momentum': '带动量的 SGD',
    'enumValue.optimizer.adafactor': 'Adafactor',
    'enumValue.precision.fp32': 'FP32',
    'enumValue.precision.mixed-fp16': 'FP16 混合精度',
    'enumValue.precision.mixed-bf16': 'BF16 混合精度',
    'enumValue.precision.bf16': '纯 BF16',
    'enumValue.precision.fp16': '纯 FP16',
    'enumValue.model.custom': '自定义模型',
  },
);
