// The C library of the systems whose glibc is older than what current PyTorch wheels need. From
// 2.6 on PyTorch builds its Linux wheels on manylinux_2_28 (glibc 2.28, AlmaLinux 8); pip on an
// older system finds no newer torch than 2.5.1, the last release built on manylinux2014 (glibc
// 2.17, CentOS 7). Releases not listed here ship 2.28 or newer.

import { compareVersions } from './versions.js';
import type { TableSource } from './source.js';
import type { FixTarget } from '../fixes/target.js';

export const GLIBC_SOURCES: readonly TableSource[] = [
  { title: 'pytorch/pytorch#123649 — [RFC] PyTorch next wheel build platform: manylinux-2.28', url: 'https://github.com/pytorch/pytorch/issues/123649', checked: '2026-12-01' },
  { title: 'pytorch/pytorch#126551 — Raising minimal glibc support to glibc 2.28 (Amazon Linux 2 deprecation)', url: 'https://github.com/pytorch/pytorch/issues/126551', checked: '2026-12-01' },
  { title: 'Repology — glibc versions per distribution release', url: 'https://repology.org/project/glibc/versions', checked: '2026-12-01' },
];

/** The glibc current PyTorch wheels need, and the last release an older one can install. */
export const PYTORCH_MIN_GLIBC = '2.28';
export const LAST_TORCH_FOR_OLD_GLIBC = '2.5.1';

/** [os-release ID, major (or major.minor for Ubuntu), glibc]; RHEL 7's rebuilds share its glibc. */
const OLD_GLIBC: readonly [readonly string[], string, string][] = [
  [['rhel', 'centos', 'ol', 'scientific'], '7', '2.17'],
  [['amzn'], '2', '2.26'],
  [['ubuntu'], '18.04', '2.27'],
  [['ubuntu'], '16.04', '2.23'],
  [['debian'], '9', '2.24'],
];

/** The glibc of `target` when it is one of the old ones above; null otherwise (or not Linux). */
export function oldGlibcOf(target: FixTarget): string | null {
  const version = target.versionId ?? '';
  const release = target.family === 'ubuntu' ? version.split('.').slice(0, 2).join('.') : version.split('.')[0];
  const row = OLD_GLIBC.find(([ids, r]) => target.distroId !== null && ids.includes(target.distroId) && r === release);
  return row && compareVersions(row[2], PYTORCH_MIN_GLIBC) < 0 ? row[2] : null;
}
