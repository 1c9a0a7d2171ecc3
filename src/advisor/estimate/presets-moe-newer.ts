// Newer and mixture-of-experts presets: Qwen3 (dense and MoE, q/k norm), DeepSeek-V3/R1 (MLA, shared
// expert, dense first layers), Gemma 2 (four norms per block), GLM-4, Mistral and Mixtral — config.json
// values from the Hugging Face Hub, totals tested against the published counts (presets.test.ts).

import type { ModelPreset } from './models.js';
import { LLAMA_DEFAULTS } from './presets-llama-qwen.js';

export const MOE_AND_NEWER_PRESETS: readonly ModelPreset[] = [
  {
    id: 'qwen3-8b',
    name: 'Qwen3 8B',
    aliases: ['qwen3-8b-base', 'qwen-3-8b'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, qkNorm: true, layers: 36, hiddenSize: 4096, attentionHeads: 32, kvHeads: 8, headDim: 128, intermediateSize: 12288, vocabSize: 151936, maxContext: 40960 },
    publishedParameterCount: 8_190_735_360,
    sources: ['https://huggingface.co/Qwen/Qwen3-8B/blob/main/config.json', 'https://huggingface.co/Qwen/Qwen3-8B ("Number of Parameters: 8.2B")'],
  },
  {
    id: 'qwen3-32b',
    name: 'Qwen3 32B',
    aliases: ['qwen-3-32b'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, qkNorm: true, layers: 64, hiddenSize: 5120, attentionHeads: 64, kvHeads: 8, headDim: 128, intermediateSize: 25600, vocabSize: 151936, maxContext: 40960 },
    publishedParameterCount: 32_762_123_264,
    sources: ['https://huggingface.co/Qwen/Qwen3-32B/blob/main/config.json', 'https://huggingface.co/Qwen/Qwen3-32B ("Number of Parameters: 32.8B")'],
  },
  {
    id: 'qwen3-30b-a3b',
    name: 'Qwen3 30B-A3B (MoE)',
    aliases: ['qwen3-30b', 'qwen3-moe-30b'],
    family: 'llm',
    // Every layer is MoE (decoder_sparse_step 1, no mlp_only_layers): 128 experts of moe_intermediate_size 768, top-8, no shared expert.
    architecture: { ...LLAMA_DEFAULTS, qkNorm: true, layers: 48, hiddenSize: 2048, attentionHeads: 32, kvHeads: 4, headDim: 128, intermediateSize: 6144, vocabSize: 151936, maxContext: 40960, experts: { count: 128, activePerToken: 8, intermediateSize: 768 } },
    publishedParameterCount: 30_532_122_624,
    sources: ['https://huggingface.co/Qwen/Qwen3-30B-A3B/blob/main/config.json', 'https://huggingface.co/Qwen/Qwen3-30B-A3B ("Number of Parameters: 30.5B in total and 3.3B activated")'],
  },
  {
    id: 'qwen3-235b-a22b',
    name: 'Qwen3 235B-A22B (MoE)',
    aliases: ['qwen3-235b', 'qwen3-moe-235b'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, qkNorm: true, layers: 94, hiddenSize: 4096, attentionHeads: 64, kvHeads: 4, headDim: 128, intermediateSize: 12288, vocabSize: 151936, maxContext: 40960, experts: { count: 128, activePerToken: 8, intermediateSize: 1536 } },
    publishedParameterCount: 235_093_634_560,
    sources: ['https://huggingface.co/Qwen/Qwen3-235B-A22B/blob/main/config.json', 'https://huggingface.co/Qwen/Qwen3-235B-A22B ("Number of Parameters: 235B in total and 22B activated")'],
  },
  {
    id: 'deepseek-v3',
    name: 'DeepSeek-V3 (671B MoE, MLA)',
    aliases: ['deepseek-v3-base', 'deepseek-v3-0324', 'deepseekv3'],
    family: 'llm',
    // MLA: kvHeads/headDim are not used for its parameters or KV cache (the latent is); set to the heads and q/k width for completeness.
    // 3 dense layers (first_k_dense_replace) of intermediate 18432, then 58 MoE layers: 256 routed experts of 2048 + 1 shared, top-8,
    // router bias (noaux_tc). The multi-token-prediction module (num_nextn_predict_layers 1, 14B) is not part of the 671B.
    architecture: {
      ...LLAMA_DEFAULTS,
      layers: 61,
      hiddenSize: 7168,
      attentionHeads: 128,
      kvHeads: 128,
      headDim: 192,
      intermediateSize: 18432,
      vocabSize: 129280,
      maxContext: 163840,
      mla: { qLoraRank: 1536, kvLoraRank: 512, qkNopeHeadDim: 128, qkRopeHeadDim: 64, vHeadDim: 128 },
      experts: { count: 256, activePerToken: 8, shared: 1, intermediateSize: 2048, denseLayers: 3, routerBias: true },
    },
    publishedParameterCount: 671_000_000_000,
    sources: ['https://huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json', 'DeepSeek-AI 2024, "DeepSeek-V3 Technical Report", arXiv:2412.19437 §1 (671B total, 37B activated)'],
  },
  {
    id: 'deepseek-r1',
    name: 'DeepSeek-R1 (671B MoE, MLA)',
    aliases: ['deepseek-r1-0528', 'deepseekr1'],
    family: 'llm',
    architecture: {
      ...LLAMA_DEFAULTS,
      layers: 61,
      hiddenSize: 7168,
      attentionHeads: 128,
      kvHeads: 128,
      headDim: 192,
      intermediateSize: 18432,
      vocabSize: 129280,
      maxContext: 163840,
      mla: { qLoraRank: 1536, kvLoraRank: 512, qkNopeHeadDim: 128, qkRopeHeadDim: 64, vHeadDim: 128 },
      experts: { count: 256, activePerToken: 8, shared: 1, intermediateSize: 2048, denseLayers: 3, routerBias: true },
    },
    publishedParameterCount: 671_000_000_000,
    sources: ['https://huggingface.co/deepseek-ai/DeepSeek-R1/blob/main/config.json', 'DeepSeek-AI 2025, "DeepSeek-R1", arXiv:2501.12948 (built on DeepSeek-V3-Base: 671B total, 37B activated)'],
  },
  {
    id: 'gemma-2-9b',
    name: 'Gemma 2 9B',
    aliases: ['gemma2-9b', 'gemma-2-9b-it'],
    family: 'llm',
    // Four RMSNorms per block (pre/post attention, pre/post feed-forward), GeGLU, tied embeddings. Every other layer uses a
    // 4096-token sliding window; slidingWindow stays null so the KV cache is not under-estimated for the global layers.
    architecture: { ...LLAMA_DEFAULTS, normsPerLayer: 4, tiedEmbeddings: true, layers: 42, hiddenSize: 3584, attentionHeads: 16, kvHeads: 8, headDim: 256, intermediateSize: 14336, vocabSize: 256000, maxContext: 8192 },
    publishedParameterCount: 9_241_705_984,
    sources: ['https://huggingface.co/google/gemma-2-9b/blob/main/config.json', 'Gemma Team 2024, "Gemma 2", arXiv:2408.00118, Table 1'],
  },
  {
    id: 'gemma-2-27b',
    name: 'Gemma 2 27B',
    aliases: ['gemma2-27b', 'gemma-2-27b-it'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, normsPerLayer: 4, tiedEmbeddings: true, layers: 46, hiddenSize: 4608, attentionHeads: 32, kvHeads: 16, headDim: 128, intermediateSize: 36864, vocabSize: 256000, maxContext: 8192 },
    publishedParameterCount: 27_227_128_320,
    sources: ['https://huggingface.co/google/gemma-2-27b/blob/main/config.json', 'Gemma Team 2024, "Gemma 2", arXiv:2408.00118, Table 1'],
  },
  {
    id: 'glm-4-9b',
    name: 'GLM-4 9B',
    aliases: ['glm4-9b', 'glm-4-9b-chat', 'thudm-glm-4-9b'],
    family: 'llm',
    // ChatGLM layout: fused gate+up (ffn_hidden_size 13696 each), multi-query groups = kv heads 2, qkv bias.
    architecture: { ...LLAMA_DEFAULTS, linearBias: 'qkv', layers: 40, hiddenSize: 4096, attentionHeads: 32, kvHeads: 2, headDim: 128, intermediateSize: 13696, vocabSize: 151552, maxContext: 131072 },
    publishedParameterCount: 9_399_951_360,
    sources: ['https://huggingface.co/THUDM/glm-4-9b/blob/main/config.json', 'https://huggingface.co/THUDM/glm-4-9b (model card: GLM-4-9B, 9.4B)'],
  },
  {
    id: 'mistral-7b',
    name: 'Mistral 7B',
    aliases: ['mistral-7b-v0.1', 'mistral-7b-instruct'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, layers: 32, hiddenSize: 4096, attentionHeads: 32, kvHeads: 8, headDim: 128, intermediateSize: 14336, vocabSize: 32000, maxContext: 32768, slidingWindow: 4096 },
    publishedParameterCount: 7_241_732_096,
    sources: ['https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json'],
  },
  {
    id: 'mixtral-8x7b',
    name: 'Mixtral 8x7B',
    aliases: ['mixtral', 'mixtral-8x7b-v0.1', 'mixtral-8x7b-instruct'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, layers: 32, hiddenSize: 4096, attentionHeads: 32, kvHeads: 8, headDim: 128, intermediateSize: 14336, vocabSize: 32000, maxContext: 32768, experts: { count: 8, activePerToken: 2 } },
    publishedParameterCount: 46_702_792_704,
    sources: ['https://huggingface.co/mistralai/Mixtral-8x7B-v0.1/blob/main/config.json', 'Jiang et al. 2024, "Mixtral of Experts", arXiv:2401.04088 (46.7B total, 12.9B active)'],
  },
];
