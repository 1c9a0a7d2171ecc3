// Third-party datasets we cross-check against (copies in the project's shared datasets folder).
// A figure backed only by a dataset cites its row; where a dataset is wrong, the entry says so.

import type { Source } from '../../gpu-schema.js';

export const DATASET_SOURCES: Source[] = [
  {
    id: 'epoch-ml-hardware',
    kind: 'dataset',
    publisher: 'Epoch AI',
    title: 'Data on Machine Learning Hardware (ml_hardware.csv, stamps to 2025-12-16)',
    url: 'https://epoch.ai/data/machine-learning-hardware',
    accessed: '2026-11-29',
    licence: 'CC BY 4.0',
  },
  {
    id: 'gmasse-gpu-specs',
    kind: 'dataset',
    publisher: 'gmasse/gpu-specs (GitHub)',
    title: 'GPU Specifications for AI Projects (data/specs.json @ 578a5d7)',
    url: 'https://github.com/gmasse/gpu-specs',
    accessed: '2026-11-29',
    licence: 'Apache-2.0',
  },
];
