// TensorFlow's tested GPU build configurations, and the rule that matters most on Windows: 2.10 was
// the last release with GPU support on native Windows; later releases need WSL2.

import type { TableSource } from './source.js';
import { compareVersions, majorMinor } from './versions.js';

export const TENSORFLOW_SOURCES: readonly TableSource[] = [
  {
    title: 'TensorFlow — Build from source, tested build configurations (GPU)',
    url: 'https://www.tensorflow.org/install/source#gpu',
    checked: '2026-11-29',
  },
  { title: 'TensorFlow — Install with pip', url: 'https://www.tensorflow.org/install/pip', checked: '2026-11-29' },
  {
    title: 'TensorFlow 2.11 release notes: 2.10 was the last release that supported GPU on native Windows',
    url: 'https://github.com/tensorflow/tensorflow/releases/tag/v2.11.0',
    checked: '2026-11-29',
  },
];

export const TENSORFLOW_LAST_NATIVE_WINDOWS_GPU = '2.10';

export interface TensorflowBuild {
  tensorflow: string;
  cuda: string;
  cudnn: string;
}

export const TENSORFLOW_BUILDS: readonly TensorflowBuild[] = [
  { tensorflow: '2.20', cuda: '12.5', cudnn: '9.3' },
  { tensorflow: '2.19', cuda: '12.5', cudnn: '9.3' },
  { tensorflow: '2.18', cuda: '12.5', cudnn: '9.3' },
  { tensorflow: '2.17', cuda: '12.3', cudnn: '8.9' },
  { tensorflow: '2.16', cuda: '12.3', cudnn: '8.9' },
  { tensorflow: '2.15', cuda: '12.2', cudnn: '8.9' },
  { tensorflow: '2.14', cuda: '11.8', cudnn: '8.7' },
  { tensorflow: '2.13', cuda: '11.8', cudnn: '8.6' },
  { tensorflow: '2.12', cuda: '11.8', cudnn: '8.6' },
  { tensorflow: '2.11', cuda: '11.2', cudnn: '8.1' },
  { tensorflow: '2.10', cuda: '11.2', cudnn: '8.1' },
];

export function tensorflowBuildFor(version: string): TensorflowBuild | null {
  const wanted = majorMinor(version);
  return TENSORFLOW_BUILDS.find((build) => build.tensorflow === wanted) ?? null;
}

/** TensorFlow newer than 2.10 has no GPU support on native Windows. */
export function tensorflowHasNativeWindowsGpu(version: string): boolean {
  return compareVersions(version, '2.11') < 0;
}
