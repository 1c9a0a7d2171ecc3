// Model presets with their architecture as published. Transformer numbers are the values of the
// model's config.json on the Hugging Face Hub (the URL is in `sources`); parameter counts are
// computed from them (architecture.ts) and tested against the published totals.

import { AdvisorError } from '../errors.js';
import { architectureParameterCount, type ModelArchitecture } from './architecture.js';
import { LLAMA_DEFAULTS, LLAMA_QWEN_PRESETS } from './presets-llama-qwen.js';
import { MOE_AND_NEWER_PRESETS } from './presets-moe-newer.js';

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

/** Encoders, vision and diffusion models, and GPT-2 (the LLM presets live in presets-*.ts). */
const OTHER_PRESETS: readonly ModelPreset[] = [
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
      denoiser: {
        componentId: 'unet',
        layout: {
          blockOutChannels: [320, 640, 1280],
          layersPerBlock: 2,
          // config.json says [1, 2, 10]; its first block is a DownBlock2D, which has no attention.
          transformerLayers: [0, 2, 10],
          midTransformerLayers: 10,
          crossAttentionDim: 2048,
          textTokens: 77,
          headDim: 64,
          latentScale: 8,
          resolution: 1024,
        },
      },
    },
    publishedParameterCount: 3_500_000_000,
    sources: [
      'Podell et al. 2023, "SDXL", arXiv:2307.01952, Table 1 (UNet 2.6B, text encoders 817M)',
      'https://huggingface.co/stabilityai/stable-diffusion-xl-base-1.0 (component folders unet/, text_encoder/, text_encoder_2/, vae/)',
      'https://huggingface.co/stabilityai/stable-diffusion-xl-base-1.0/blob/main/unet/config.json (block_out_channels, transformer_layers_per_block, cross_attention_dim 2048)',
    ],
  },
];

export const MODEL_PRESETS: readonly ModelPreset[] = [...LLAMA_QWEN_PRESETS, ...MOE_AND_NEWER_PRESETS, ...OTHER_PRESETS];

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
