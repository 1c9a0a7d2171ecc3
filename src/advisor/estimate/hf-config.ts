// A model's shape from its Hugging Face `config.json` (transformers' PretrainedConfig), so any
// published decoder can be estimated without a preset. Only the fields that size the model are
// read; the rest is ignored. Every number is checked (a positive integer within a sane bound)
// before it is used, and shapes that cannot be right (heads that do not divide the width) are
// refused with the field named. Multimodal configs nest the language model under `text_config`.
// Names follow transformers: Llama/Mistral/Qwen2/Qwen3/Gemma/Mixtral/DeepSeek-V3 (MLA, shared
// experts, first dense layers), GPT-2 (n_layer, n_embd, n_head).

import { z } from 'zod';
import { AdvisorError } from '../errors.js';
import type { TransformerArchitecture } from './architecture.js';
import { configSchemaError } from './config-errors.js';

const count = (max: number) => z.number().int().positive().max(max);
const optionalCount = (max: number) => count(max).optional();

const configSchema = z.object({
  model_type: z.string().max(100).optional(),
  num_hidden_layers: optionalCount(10_000),
  n_layer: optionalCount(10_000),
  hidden_size: optionalCount(1_000_000),
  n_embd: optionalCount(1_000_000),
  num_attention_heads: optionalCount(100_000),
  n_head: optionalCount(100_000),
  num_key_value_heads: optionalCount(100_000).nullable(),
  multi_query: z.boolean().optional(),
  head_dim: optionalCount(100_000).nullable(),
  intermediate_size: optionalCount(10_000_000),
  n_inner: optionalCount(10_000_000).nullable(),
  vocab_size: optionalCount(100_000_000),
  max_position_embeddings: optionalCount(100_000_000),
  n_positions: optionalCount(100_000_000),
  hidden_act: z.string().max(100).optional(),
  attention_bias: z.boolean().optional(),
  tie_word_embeddings: z.boolean().optional(),
  sliding_window: count(100_000_000).nullable().optional(),
  use_sliding_window: z.boolean().optional(),
  num_local_experts: optionalCount(100_000),
  num_experts: optionalCount(100_000).nullable(),
  n_routed_experts: optionalCount(100_000).nullable(),
  num_experts_per_tok: optionalCount(100_000).nullable(),
  n_shared_experts: z.number().int().min(0).max(1000).nullable().optional(),
  moe_intermediate_size: optionalCount(10_000_000).nullable(),
  first_k_dense_replace: z.number().int().min(0).max(10_000).optional(),
  topk_method: z.string().max(100).optional(),
  kv_lora_rank: optionalCount(1_000_000).nullable(),
  q_lora_rank: optionalCount(1_000_000).nullable(),
  qk_nope_head_dim: optionalCount(100_000),
  qk_rope_head_dim: optionalCount(100_000),
  v_head_dim: optionalCount(100_000),
});
type HfConfig = z.infer<typeof configSchema>;

const GATED = new Set(['llama', 'mistral', 'mixtral', 'qwen2', 'qwen2_moe', 'qwen3', 'qwen3_moe', 'gemma', 'gemma2', 'gemma3_text', 'deepseek_v2', 'deepseek_v3', 'glm', 'glm4', 'phi3', 'olmo2', 'internlm2', 'yi', 'baichuan']);
const LAYERNORM = new Set(['gpt2', 'bert', 'opt', 'gpt_neox', 'falcon', 'phi', 'roberta']);

export interface ModelFromConfig {
  name: string;
  architecture: TransformerArchitecture;
}

function languageModel(raw: unknown): unknown {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw) && 'text_config' in raw) {
    const nested = (raw as { text_config: unknown }).text_config;
    if (nested !== null && typeof nested === 'object' && !Array.isArray(nested)) return nested;
  }
  return raw;
}

function required(label: string, value: number | undefined, field: string): number {
  if (value === undefined) throw new AdvisorError('advisor.error.configFieldMissing', { path: label, field });
  return value;
}

function mla(config: HfConfig, label: string): TransformerArchitecture['mla'] {
  if (config.kv_lora_rank === undefined || config.kv_lora_rank === null) return null;
  return {
    qLoraRank: config.q_lora_rank ?? null,
    kvLoraRank: config.kv_lora_rank,
    qkNopeHeadDim: required(label, config.qk_nope_head_dim, 'qk_nope_head_dim'),
    qkRopeHeadDim: required(label, config.qk_rope_head_dim, 'qk_rope_head_dim'),
    vHeadDim: required(label, config.v_head_dim, 'v_head_dim'),
  };
}

function experts(config: HfConfig, label: string): TransformerArchitecture['experts'] {
  const total = config.n_routed_experts ?? config.num_local_experts ?? config.num_experts ?? null;
  if (total === null || total <= 1) return null;
  const active = required(label, config.num_experts_per_tok ?? undefined, 'num_experts_per_tok');
  if (active > total) throw new AdvisorError('advisor.error.configTooManyActiveExperts', { path: label, active, total });
  return {
    count: total,
    activePerToken: active,
    ...(config.n_shared_experts ? { shared: config.n_shared_experts } : {}),
    ...(config.moe_intermediate_size ? { intermediateSize: config.moe_intermediate_size } : {}),
    ...(config.first_k_dense_replace ? { denseLayers: config.first_k_dense_replace } : {}),
    ...(config.topk_method === 'noaux_tc' ? { routerBias: true } : {}),
  };
}

/** The transformer a config.json describes; `label` names the file in errors. */
export function architectureFromHfConfig(raw: unknown, label: string): ModelFromConfig {
  const parsed = configSchema.safeParse(languageModel(raw));
  if (!parsed.success) throw configSchemaError(label, parsed.error);
  const c = parsed.data;
  const type = c.model_type ?? '';
  const layers = required(label, c.num_hidden_layers ?? c.n_layer, 'num_hidden_layers');
  const hiddenSize = required(label, c.hidden_size ?? c.n_embd, 'hidden_size');
  const heads = required(label, c.num_attention_heads ?? c.n_head, 'num_attention_heads');
  const kvHeads = c.multi_query ? 1 : (c.num_key_value_heads ?? heads);
  if (kvHeads > heads || heads % kvHeads !== 0) throw new AdvisorError('advisor.error.configKvHeads', { path: label, heads, kvHeads });
  const headDim = c.head_dim ?? hiddenSize / heads;
  if (!Number.isInteger(headDim)) throw new AdvisorError('advisor.error.configHeadDim', { path: label, hiddenSize, heads });
  const vocabSize = required(label, c.vocab_size, 'vocab_size');
  const gpt2 = type === 'gpt2';
  const window = c.use_sliding_window === false ? null : (c.sliding_window ?? null);
  return {
    name: type === '' ? label : `${type} (${label})`,
    architecture: {
      kind: 'transformer',
      layers,
      hiddenSize,
      attentionHeads: heads,
      kvHeads,
      headDim,
      intermediateSize: c.intermediate_size ?? c.n_inner ?? 4 * hiddenSize,
      vocabSize,
      gatedMlp: GATED.has(type) || c.hidden_act === 'silu',
      linearBias: gpt2 || type === 'bert' ? 'all' : type === 'qwen2' || c.attention_bias === true ? 'qkv' : 'none',
      norm: LAYERNORM.has(type) ? 'layernorm' : 'rmsnorm',
      // PretrainedConfig's default is to tie; Llama-style configs say false explicitly.
      tiedEmbeddings: c.tie_word_embeddings ?? true,
      learnedPositions: gpt2 ? (c.n_positions ?? c.max_position_embeddings ?? 0) : 0,
      tokenTypes: 0,
      finalNorm: true,
      embeddingNorm: false,
      pooler: false,
      dropout: false,
      experts: experts(c, label),
      mla: mla(c, label),
      maxContext: c.max_position_embeddings ?? c.n_positions ?? Number.POSITIVE_INFINITY,
      slidingWindow: window,
    },
  };
}
