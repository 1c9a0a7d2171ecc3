// Model presets with their architecture as published. Transformer numbers are the values of the
// model's config.json on the Hugging Face Hub (the URL is in `sources`); parameter counts are
// computed from them (architecture.ts) and tested against the published totals.

import { AdvisorError } from '../errors.js';
import {
  architectureParameterCount,
  type ModelArchitecture,
  type TransformerArchitecture,
} from './architecture.js';

export type ModelFamily = 'llm' | 'encoder' | 'vision' | 'diffusion';

export interface ModelPreset {
  id: string;
  name: string;
  aliases: readonly string[];
  family: ModelFamily;
  architecture: ModelArchitecture;
  /** The total the publisher states, as a check on our count (rounded where they round). */
  publishedParameterCount: number;
  /** Where the numbers come from. */
  sources: readonly string[];
}

const LLAMA_DEFAULTS = {
  kind: 'transformer',
  gatedMlp: true,
  linearBias: 'none',
  norm: 'rmsnorm',
  tiedEmbeddings: false,
  learnedPositions: 0,
  tokenTypes: 0,
  finalNorm: true,
  embeddingNorm: false,
  pooler: false,
  dropout: false,
  experts: null,
  slidingWindow: null,
} as const satisfies Partial<TransformerArchitecture>;

export const MODEL_PRESETS: readonly ModelPreset[] = [
  {
    id: 'llama-2-7b',
    name: 'Llama 2 7B',
    aliases: ['llama2-7b', 'llama-2-7b-hf', 'llama-2-7b-chat'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, layers: 32, hiddenSize: 4096, attentionHeads: 32, kvHeads: 32, headDim: 128, intermediateSize: 11008, vocabSize: 32000, maxContext: 4096 },
    publishedParameterCount: 6_738_415_616,
    sources: ['https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json', 'Touvron et al. 2023, "Llama 2", arXiv:2307.09288, Table 1 (7B)'],
  },
  {
    id: 'llama-2-13b',
    name: 'Llama 2 13B',
    aliases: ['llama2-13b', 'llama-2-13b-hf', 'llama-2-13b-chat'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, layers: 40, hiddenSize: 5120, attentionHeads: 40, kvHeads: 40, headDim: 128, intermediateSize: 13824, vocabSize: 32000, maxContext: 4096 },
    publishedParameterCount: 13_015_864_320,
    sources: ['https://huggingface.co/meta-llama/Llama-2-13b-hf/blob/main/config.json', 'Touvron et al. 2023, "Llama 2", arXiv:2307.09288, Table 1 (13B)'],
  },
  {
    id: 'llama-2-70b',
    name: 'Llama 2 70B',
    aliases: ['llama2-70b', 'llama-2-70b-hf', 'llama-2-70b-chat'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, layers: 80, hiddenSize: 8192, attentionHeads: 64, kvHeads: 8, headDim: 128, intermediateSize: 28672, vocabSize: 32000, maxContext: 4096 },
    publishedParameterCount: 68_976_648_192,
    sources: ['https://huggingface.co/meta-llama/Llama-2-70b-hf/blob/main/config.json', 'Touvron et al. 2023, "Llama 2", arXiv:2307.09288, Table 1 (70B, GQA)'],
  },
  {
    id: 'llama-3-8b',
    name: 'Llama 3 8B',
    aliases: ['llama3-8b', 'meta-llama-3-8b'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, layers: 32, hiddenSize: 4096, attentionHeads: 32, kvHeads: 8, headDim: 128, intermediateSize: 14336, vocabSize: 128256, maxContext: 8192 },
    publishedParameterCount: 8_030_261_248,
    sources: ['https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/main/config.json'],
  },
  {
    id: 'llama-3-70b',
    name: 'Llama 3 70B',
    aliases: ['llama3-70b', 'meta-llama-3-70b'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, layers: 80, hiddenSize: 8192, attentionHeads: 64, kvHeads: 8, headDim: 128, intermediateSize: 28672, vocabSize: 128256, maxContext: 8192 },
    publishedParameterCount: 70_553_706_496,
    sources: ['https://huggingface.co/meta-llama/Meta-Llama-3-70B/blob/main/config.json'],
  },
  {
    id: 'llama-3.1-8b',
    name: 'Llama 3.1 8B',
    aliases: ['llama3.1-8b', 'meta-llama-3.1-8b', 'llama-3.1-8b-instruct'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, layers: 32, hiddenSize: 4096, attentionHeads: 32, kvHeads: 8, headDim: 128, intermediateSize: 14336, vocabSize: 128256, maxContext: 131072 },
    publishedParameterCount: 8_030_261_248,
    sources: ['https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json', 'Llama Team 2024, "The Llama 3 Herd of Models", arXiv:2407.21783, Table 3'],
  },
  {
    id: 'llama-3.1-70b',
    name: 'Llama 3.1 70B',
    aliases: ['llama3.1-70b', 'meta-llama-3.1-70b', 'llama-3.1-70b-instruct'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, layers: 80, hiddenSize: 8192, attentionHeads: 64, kvHeads: 8, headDim: 128, intermediateSize: 28672, vocabSize: 128256, maxContext: 131072 },
    publishedParameterCount: 70_553_706_496,
    sources: ['https://huggingface.co/meta-llama/Llama-3.1-70B/blob/main/config.json', 'Llama Team 2024, "The Llama 3 Herd of Models", arXiv:2407.21783, Table 3'],
  },
  {
    id: 'llama-3.1-405b',
    name: 'Llama 3.1 405B',
    aliases: ['llama3.1-405b', 'llama-405b'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, layers: 126, hiddenSize: 16384, attentionHeads: 128, kvHeads: 8, headDim: 128, intermediateSize: 53248, vocabSize: 128256, maxContext: 131072 },
    publishedParameterCount: 405_853_388_800,
    sources: ['https://huggingface.co/meta-llama/Llama-3.1-405B/blob/main/config.json', 'Llama Team 2024, "The Llama 3 Herd of Models", arXiv:2407.21783, Table 3'],
  },
  {
    id: 'qwen2.5-7b',
    name: 'Qwen2.5 7B',
    aliases: ['qwen2.5-7b-instruct', 'qwen-2.5-7b'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, linearBias: 'qkv', layers: 28, hiddenSize: 3584, attentionHeads: 28, kvHeads: 4, headDim: 128, intermediateSize: 18944, vocabSize: 152064, maxContext: 131072 },
    publishedParameterCount: 7_615_616_512,
    sources: ['https://huggingface.co/Qwen/Qwen2.5-7B/blob/main/config.json', 'https://huggingface.co/Qwen/Qwen2.5-7B ("Number of Parameters: 7.61B")'],
  },
  {
    id: 'qwen2.5-14b',
    name: 'Qwen2.5 14B',
    aliases: ['qwen2.5-14b-instruct', 'qwen-2.5-14b'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, linearBias: 'qkv', layers: 48, hiddenSize: 5120, attentionHeads: 40, kvHeads: 8, headDim: 128, intermediateSize: 13824, vocabSize: 152064, maxContext: 131072 },
    publishedParameterCount: 14_770_033_664,
    sources: ['https://huggingface.co/Qwen/Qwen2.5-14B/blob/main/config.json', 'https://huggingface.co/Qwen/Qwen2.5-14B ("Number of Parameters: 14.7B")'],
  },
  {
    id: 'qwen2.5-32b',
    name: 'Qwen2.5 32B',
    aliases: ['qwen2.5-32b-instruct', 'qwen-2.5-32b'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, linearBias: 'qkv', layers: 64, hiddenSize: 5120, attentionHeads: 40, kvHeads: 8, headDim: 128, intermediateSize: 27648, vocabSize: 152064, maxContext: 131072 },
    publishedParameterCount: 32_763_876_352,
    sources: ['https://huggingface.co/Qwen/Qwen2.5-32B/blob/main/config.json', 'https://huggingface.co/Qwen/Qwen2.5-32B ("Number of Parameters: 32.5B")'],
  },
  {
    id: 'qwen2.5-72b',
    name: 'Qwen2.5 72B',
    aliases: ['qwen2.5-72b-instruct', 'qwen-2.5-72b'],
    family: 'llm',
    architecture: { ...LLAMA_DEFAULTS, linearBias: 'qkv', layers: 80, hiddenSize: 8192, attentionHeads: 64, kvHeads: 8, headDim: 128, intermediateSize: 29568, vocabSize: 152064, maxContext: 131072 },
    publishedParameterCount: 72_706_203_648,
    sources: ['https://huggingface.co/Qwen/Qwen2.5-72B/blob/main/config.json', 'https://huggingface.co/Qwen/Qwen2.5-72B ("Number of Parameters: 72.7B")'],
  },
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
  {
    id: 'gpt2',
    name: 'GPT-2 (124M)',
    aliases: ['gpt-2', 'gpt2-small'],
    family: 'llm',
    architecture: {
      ...LLAMA_DEFAULTS,
      gatedMlp: false,
      linearBias: 'all',
      norm: 'layernorm',
      tiedEmbeddings: true,
      learnedPositions: 1024,
      dropout: true,
      layers: 12,
      hiddenSize: 768,
      attentionHeads: 12,
      kvHeads: 12,
      headDim: 64,
      intermediateSize: 3072,
      vocabSize: 50257,
      maxContext: 1024,
    },
    publishedParameterCount: 124_439_808,
    sources: ['https://huggingface.co/openai-community/gpt2/blob/main/config.json'],
  },
  {
    id: 'bert-large',
    name: 'BERT-Large (uncased)',
    aliases: ['bert-large-uncased', 'bert-large-cased'],
    family: 'encoder',
    architecture: {
      ...LLAMA_DEFAULTS,
      gatedMlp: false,
      linearBias: 'all',
      norm: 'layernorm',
      tiedEmbeddings: true,
      learnedPositions: 512,
      tokenTypes: 2,
      finalNorm: false,
      embeddingNorm: true,
      pooler: true,
      dropout: true,
      layers: 24,
      hiddenSize: 1024,
      attentionHeads: 16,
      kvHeads: 16,
      headDim: 64,
      intermediateSize: 4096,
      vocabSize: 30522,
      maxContext: 512,
    },
    publishedParameterCount: 340_000_000,
    sources: ['https://huggingface.co/google-bert/bert-large-uncased/blob/main/config.json', 'Devlin et al. 2019, "BERT", arXiv:1810.04805 §3 (BERT-Large: 340M)'],
  },
  {
    id: 'resnet-50',
    name: 'ResNet-50',
    aliases: ['resnet50'],
    family: 'vision',
    architecture: { kind: 'resnet', blocksPerStage: [3, 4, 6, 3], widths: [64, 128, 256, 512], inputResolution: 224, classes: 1000 },
    publishedParameterCount: 25_557_032,
    sources: ['He et al. 2016, "Deep Residual Learning", arXiv:1512.03385, Table 1', 'https://pytorch.org/vision/stable/models/generated/torchvision.models.resnet50.html (25,557,032 params)'],
  },
  {
    id: 'sdxl',
    name: 'Stable Diffusion XL 1.0 (base)',
    aliases: ['sdxl-base', 'stable-diffusion-xl', 'stable-diffusion-xl-base-1.0'],
    family: 'diffusion',
    architecture: {
      kind: 'composite',
      components: [
        { id: 'unet', parameterCount: 2_567_463_684 },
        { id: 'text_encoder (CLIP ViT-L)', parameterCount: 123_060_480 },
        { id: 'text_encoder_2 (OpenCLIP ViT-bigG)', parameterCount: 694_659_840 },
        { id: 'vae', parameterCount: 83_653_863 },
      ],
    },
    publishedParameterCount: 3_500_000_000,
    sources: [
      'Podell et al. 2023, "SDXL", arXiv:2307.01952, Table 1 (UNet 2.6B, text encoders 817M)',
      'https://huggingface.co/stabilityai/stable-diffusion-xl-base-1.0 (component folders unet/, text_encoder/, text_encoder_2/, vae/)',
    ],
  },
];

function normaliseName(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_]+/g, '-');
}

const BY_NAME = new Map<string, ModelPreset>();
for (const preset of MODEL_PRESETS) {
  for (const name of [preset.id, ...preset.aliases]) BY_NAME.set(normaliseName(name), preset);
}

export function listModelPresets(): readonly ModelPreset[] {
  return MODEL_PRESETS;
}

/** The preset called `name` (id or alias, any case); an unknown name is a typed error. */
export function getModelPreset(name: string): ModelPreset {
  const preset = BY_NAME.get(normaliseName(name));
  if (!preset) {
    throw new AdvisorError('advisor.error.unknownModel', { value: name, choices: MODEL_PRESETS.map((p) => p.id).join(', ') });
  }
  return preset;
}

export function presetParameterCount(preset: ModelPreset): number {
  return architectureParameterCount(preset.architecture);
}
