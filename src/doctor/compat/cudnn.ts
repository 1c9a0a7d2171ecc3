// cuDNN's version number changed encoding at 9.0: CUDNN_VERSION (and
// torch.backends.cudnn.version()) is major*1000 + minor*100 + patch up to 8.x (8.9.7 → 8907) and
// major*10000 + minor*100 + patch from 9.x (9.1.0 → 90100).

import type { TableSource } from './source.js';
import { compareVersions, majorOf } from './versions.js';

export const CUDNN_SOURCES: readonly TableSource[] = [
  {
    title: 'cuDNN API — cudnnGetVersion() / CUDNN_VERSION',
    url: 'https://docs.nvidia.com/deeplearning/cudnn/latest/api/cudnn-graph-library.html#cudnngetversion',
    checked: '2026-11-29',
  },
  {
    title: 'cuDNN Support Matrix',
    url: 'https://docs.nvidia.com/deeplearning/cudnn/backend/latest/reference/support-matrix.html',
    checked: '2026-11-29',
  },
];

/** 8907 → "8.9.7", 90100 → "9.1.0"; null for a value that is no cuDNN version (99.99.99 is the most). */
export function decodeCudnnVersion(encoded: number): string | null {
  if (!Number.isInteger(encoded) || encoded <= 0 || encoded > 999_999) return null;
  if (encoded >= 10000) {
    return `${Math.floor(encoded / 10000)}.${Math.floor((encoded % 10000) / 100)}.${encoded % 100}`;
  }
  return `${Math.floor(encoded / 1000)}.${Math.floor((encoded % 1000) / 100)}.${encoded % 100}`;
}

/**
 * cuDNN 7.6 was built for CUDA 9.0–10.2 only, so CUDA 11 and 12 need cuDNN 8 or newer; cuDNN 8.x
 * was built for CUDA 10.2–12.x; CUDA 13 needs cuDNN 9 (support matrices of cuDNN 7.6.5, 8.x, 9.x).
 */
export function cudnnSupportsCudaMajor(cudnnVersion: string, cudaMajor: number): boolean {
  const major = majorOf(cudnnVersion);
  if (major === null) return true;
  if (cudaMajor >= 13) return major >= 9;
  if (cudaMajor >= 11) return major >= 8;
  if (cudaMajor <= 10) return compareVersions(cudnnVersion, '9') < 0;
  return true;
}
