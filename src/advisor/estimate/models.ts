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
