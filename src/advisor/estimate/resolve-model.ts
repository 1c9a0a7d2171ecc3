// Turns the user's model argument — a preset name or a size with an optional shape — into one
// description the estimator works from.

import { AdvisorError, requireNumber } from '../errors.js';
import {
  architectureParameterCount,
  transformerParameterCounts,
  type ModelArchitecture,
  type TransformerArchitecture,
} from './architecture.js';
import { getModelPreset, type ModelFamily } from './models.js';
import type { ArchitectureModelInput, CustomModelInput, ModelInput } from './types.js';

export interface ResolvedModel {
  id: string | null;
  name: string;
  family: ModelFamily | null;
  /** null when a custom model came without its shape. */
  architecture: ModelArchitecture | null;
  parameterCount: number;
  activeParameterCount: number;
  /** Whether parameterCount was computed from a published shape (presets) or given by the user. */
  countFromArchitecture: boolean;
  sources: string[];
}

function resolveArchitecture(model: ArchitectureModelInput): ResolvedModel {
  const counts = transformerParameterCounts(model.architecture);
  return {
    id: null,
    name: model.name,
    family: 'llm',
    architecture: model.architecture,
    parameterCount: counts.total,
    activeParameterCount: counts.activePerToken,
    countFromArchitecture: true,
    sources: [...(model.sources ?? [])],
  };
}

export function resolveModel(model: ModelInput): ResolvedModel {
  if (typeof model !== 'string' && 'architecture' in model) return resolveArchitecture(model);
  if (typeof model === 'string') {
    const preset = getModelPreset(model);
    const arch = preset.architecture;
    const total = architectureParameterCount(arch);
    const active = arch.kind === 'transformer' ? transformerParameterCounts(arch).activePerToken : total;
    return {
      id: preset.id,
      name: preset.name,
      family: preset.family,
      architecture: arch,
      parameterCount: total,
      activeParameterCount: active,
      countFromArchitecture: true,
      sources: [...preset.sources],
    };
  }
  return resolveCustomModel(model);
}

function optionalInteger(name: string, value: number | undefined): number | undefined {
  return value === undefined ? undefined : requireNumber(name, value, { min: 1, integer: true });
}

function resolveCustomModel(model: CustomModelInput): ResolvedModel {
  const parameterCount = requireNumber('parameterCount', model.parameterCount, { min: 0, exclusiveMin: true });
  const layers = optionalInteger('layers', model.layers);
  const hiddenSize = optionalInteger('hiddenSize', model.hiddenSize);
  const attentionHeads = optionalInteger('attentionHeads', model.attentionHeads);
  const kvHeads = optionalInteger('kvHeads', model.kvHeads);
  const intermediateSize = optionalInteger('intermediateSize', model.intermediateSize);
  const vocabSize = optionalInteger('vocabSize', model.vocabSize);

  const shapeGiven = [layers, hiddenSize, attentionHeads].filter((v) => v !== undefined).length;
  if (shapeGiven > 0 && shapeGiven < 3) throw new AdvisorError('advisor.error.partialShape');

  let architecture: TransformerArchitecture | null = null;
  if (layers !== undefined && hiddenSize !== undefined && attentionHeads !== undefined) {
    if (hiddenSize % attentionHeads !== 0) {
      throw new AdvisorError('advisor.error.headsDontDivide', { hidden: hiddenSize, heads: attentionHeads });
    }
    if (kvHeads !== undefined && (kvHeads > attentionHeads || attentionHeads % kvHeads !== 0)) {
      throw new AdvisorError('advisor.error.kvHeadsDontDivide', { heads: attentionHeads, kvHeads });
    }
    const gated = model.gatedMlp ?? false;
    architecture = {
      kind: 'transformer',
      layers,
      hiddenSize,
      attentionHeads,
      kvHeads: kvHeads ?? attentionHeads,
      headDim: hiddenSize / attentionHeads,
      intermediateSize: intermediateSize ?? 4 * hiddenSize,
      vocabSize: vocabSize ?? 0,
      gatedMlp: gated,
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
      maxContext: Number.POSITIVE_INFINITY,
      slidingWindow: null,
    };
  }
  if (architecture !== null) requireSizeFitsShape(parameterCount, architecture);
  return {
    id: null,
    name: model.name ?? 'custom',
    family: architecture ? 'llm' : null,
    architecture,
    parameterCount,
    activeParameterCount: parameterCount,
    countFromArchitecture: false,
    sources: [],
  };
}

/**
 * A size far below what the shape alone holds (100k parameters beside 1000 layers of width 65536)
 * is a typo in one of them: the weights would come from the size and the KV cache from the shape,
 * a "0.000 B parameter" model with a terabyte of cache. Real shapes given without their KV heads
 * or MLP width still count at least about 0.8 × the published size, so half leaves room.
 */
const SIZE_BELOW_SHAPE = 0.5;

function requireSizeFitsShape(parameterCount: number, architecture: TransformerArchitecture): void {
  const shape = transformerParameterCounts(architecture).total;
  if (parameterCount >= shape * SIZE_BELOW_SHAPE) return;
  throw new AdvisorError('advisor.error.sizeBelowShape', { params: countText(parameterCount), shape: countText(shape), layers: architecture.layers, hidden: architecture.hiddenSize });
}

/** 100,000 · 51.5B · 1.2T: a parameter count as people write it. */
function countText(count: number): string {
  if (count >= 1e12) return `${Number((count / 1e12).toPrecision(3))}T`;
  if (count >= 1e9) return `${Number((count / 1e9).toPrecision(3))}B`;
  if (count >= 1e6) return `${Number((count / 1e6).toPrecision(3))}M`;
  return Math.round(count).toLocaleString('en-US');
}
