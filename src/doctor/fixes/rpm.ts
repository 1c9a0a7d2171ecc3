// RPM systems do not share one set of commands: RHEL 7 / CentOS 7 and Amazon Linux 2 have yum (no
// dnf, no module streams, EPEL from a URL or from CentOS extras), RHEL 8/9 and their rebuilds pick
// a driver stream with `dnf module`, RHEL 10 has no driver modules, Amazon Linux 2023 has no EPEL,
// Fedora 41+ has dnf5's `config-manager addrepo`. Each command here follows NVIDIA's CUDA and
// driver installation guides for Linux (the RHEL 7, RHEL 8/Rocky 8, RHEL 9/Rocky 9, Amazon Linux
// and Fedora sections), EPEL's own instructions, and AWS's for Amazon Linux 2.

import { compareVersions } from '../compat/versions.js';
import type { FixStep } from '../types.js';
import type { DriverChoice } from './driver.js';
import { step } from './steps.js';
import type { FixTarget } from './target.js';

/** The last CUDA release for RHEL 7 / CentOS 7 (CUDA 12.5 dropped them). */
export const LAST_CUDA_FOR_EL7 = '12.4';

export type RpmKind = 'rhel' | 'centos' | 'oracle' | 'rebuild' | 'amazon' | 'fedora';

export interface RpmSystem {
  kind: RpmKind;
  /** Major release (7, 9, 2023 …); null when os-release gave none. */
  major: number | null;
  pm: 'yum' | 'dnf';
}

function kindOf(distroId: string | null, family: FixTarget['family']): RpmKind {
  if (family === 'fedora') return 'fedora';
  switch (distroId) {
    case 'rhel':
      return 'rhel';
    case 'centos':
      return 'centos';
    case 'ol':
      return 'oracle';
    case 'amzn':
      return 'amazon';
    default:
      return 'rebuild';
  }
}

/** The RPM system of `target`; null off the RHEL and Fedora families. */
export function rpmSystem(target: FixTarget): RpmSystem | null {
  if (target.family !== 'rhel' && target.family !== 'fedora') return null;
  const parsed = Number.parseInt(target.versionId?.split('.')[0] ?? '', 10);
  const major = Number.isFinite(parsed) ? parsed : null;
  const kind = kindOf(target.distroId, target.family);
  const yum = kind === 'amazon' ? major === 2 : kind !== 'fedora' && major !== null && major <= 7;
  return { kind, major, pm: yum ? 'yum' : 'dnf' };
}

/** RHEL 7 and its rebuilds (CentOS 7, Oracle Linux 7): yum and NVIDIA's rhel7 repository. */
export const isEl7 = (sys: RpmSystem): boolean => sys.kind !== 'amazon' && sys.kind !== 'fedora' && sys.pm === 'yum';

export const rpmInstall = (sys: RpmSystem, packages: string): string => `sudo ${sys.pm} install -y ${packages}`;

/** Adds a .repo file by URL: yum-config-manager on yum, dnf5's addrepo on Fedora 41+, --add-repo on dnf 4. */
export function addRepoCommands(sys: RpmSystem, url: string): string[] {
  if (sys.pm === 'yum') return ['sudo yum install -y yum-utils', `sudo yum-config-manager --add-repo ${url}`];
  if (sys.kind === 'fedora' && (sys.major === null || sys.major >= 41)) return [`sudo dnf config-manager addrepo --from-repofile=${url}`];
  return [`sudo dnf config-manager --add-repo ${url}`];
}

export const makecacheCommand = (sys: RpmSystem): string => (sys.pm === 'yum' ? 'sudo yum clean expire-cache' : 'sudo dnf makecache');

/** EPEL (it carries DKMS) and the repository EPEL itself needs, per distribution; none on Amazon Linux 2023 or Fedora. */
export function epelSteps(sys: RpmSystem): FixStep[] {
  const major = sys.major ?? 9;
  if (sys.kind === 'fedora' || sys.kind === 'amazon') return [];
  if (major <= 7) {
    // RHEL 7: EPEL by URL plus the Optional repository; CentOS 7 has epel-release in its extras.
    if (sys.kind === 'rhel') {
      return [step('doctor.fix.step.epelRhel7', undefined, ['sudo subscription-manager repos --enable=rhel-7-server-optional-rpms', 'sudo yum install -y https://dl.fedoraproject.org/pub/epel/epel-release-latest-7.noarch.rpm'])];
    }
    return [step('doctor.fix.step.epelCentos7', undefined, ['sudo yum install -y epel-release'])];
  }
  if (sys.kind === 'rhel') {
    return [
      step('doctor.fix.step.epel', undefined, [
        `sudo subscription-manager repos --enable codeready-builder-for-rhel-${major}-$(arch)-rpms`,
        `sudo dnf install -y https://dl.fedoraproject.org/pub/epel/epel-release-latest-${major}.noarch.rpm`,
      ]),
    ];
  }
  if (sys.kind === 'oracle') {
    return [step('doctor.fix.step.epel', undefined, [`sudo dnf config-manager --set-enabled ol${major}_codeready_builder`, `sudo dnf install -y oracle-epel-release-el${major}`])];
  }
  // Rocky, AlmaLinux, CentOS Stream: the repository is PowerTools on 8, CRB from 9 on.
  const builder = major === 8 ? 'powertools' : 'crb';
  return [step('doctor.fix.step.epel', undefined, [`sudo dnf config-manager --set-enabled ${builder}`, 'sudo dnf install -y epel-release'])];
}

function headersStep(sys: RpmSystem): FixStep {
  if (sys.kind === 'amazon') {
    // Amazon Linux 2023's kernel keeps some modules the driver needs in kernel-modules-extra; DKMS comes from NVIDIA's repository.
    return step('doctor.fix.step.rpmHeaders', undefined, [rpmInstall(sys, 'kernel-devel-$(uname -r) kernel-headers-$(uname -r) kernel-modules-extra-$(uname -r)')]);
  }
  return step('doctor.fix.step.dnfHeaders', undefined, [rpmInstall(sys, 'kernel-devel-$(uname -r) kernel-headers-$(uname -r) dkms')]);
}

/** The driver packages: RHEL 7's latest-dkms flavor, a module stream on 8/9 and Amazon Linux 2023, plain packages on 10. */
function driverPackageStep(sys: RpmSystem, choice: DriverChoice): FixStep {
  const branch = choice.branch;
  const pkg = choice.openModule ? 'nvidia-open' : 'cuda-drivers';
  if (isEl7(sys)) {
    // RHEL 7 has no branch-pinned DKMS flavor, and NVIDIA's rhel7 repository has no open-module driver packages.
    return step('doctor.fix.step.yumDriverEl7', { branch: branch ?? '' }, ['sudo yum install -y nvidia-driver-latest-dkms']);
  }
  if (sys.kind !== 'amazon' && (sys.major ?? 9) >= 10) {
    const lock = branch === null ? [] : ['sudo dnf install -y python3-dnf-plugin-versionlock', `sudo dnf versionlock add '*nvidia*${branch}*'`];
    return step(branch === null ? 'doctor.fix.step.dnfDriverLatest' : 'doctor.fix.step.dnfDriver', { branch: branch ?? '' }, [...lock, `sudo dnf install -y ${pkg}`]);
  }
  const stream = choice.openModule ? (branch === null ? 'open-dkms' : `${branch}-open`) : branch === null ? 'latest-dkms' : `${branch}-dkms`;
  return step(branch === null ? 'doctor.fix.step.dnfDriverLatest' : 'doctor.fix.step.dnfDriver', { branch: branch ?? '' }, [`sudo dnf module enable -y nvidia-driver:${stream}`, `sudo dnf install -y ${pkg}`]);
}

/** Prerequisites, headers and driver for an RPM system whose NVIDIA repository `repoSteps` adds. */
export function rpmDriverSteps(sys: RpmSystem, choice: DriverChoice, repoSteps: FixStep[], runfileUrl: string): FixStep[] {
  if (sys.kind === 'amazon' && sys.pm === 'yum') {
    // Amazon Linux 2: no NVIDIA repository; AWS's instructions build the .run installer against these.
    return [step('doctor.fix.step.rpmHeaders', undefined, ['sudo yum install -y gcc kernel-devel-$(uname -r)']), step('doctor.fix.step.runfile', { url: runfileUrl }, [])];
  }
  return [...epelSteps(sys), ...repoSteps, headersStep(sys), driverPackageStep(sys, choice)];
}

/** The toolkit version to install on `sys`: RHEL 7 stops at CUDA 12.4. */
export function toolkitVersionFor(sys: RpmSystem | null, version: string): string {
  return sys && isEl7(sys) && compareVersions(version, LAST_CUDA_FOR_EL7) > 0 ? LAST_CUDA_FOR_EL7 : version;
}

/** Docker CE's repository for `sys` (Docker's own instructions), or null on Amazon Linux, whose archive carries docker. */
export function dockerRepoUrl(sys: RpmSystem): string | null {
  if (sys.kind === 'amazon') return null;
  const flavor = sys.kind === 'fedora' ? 'fedora' : sys.kind === 'rhel' && !isEl7(sys) ? 'rhel' : 'centos';
  return `https://download.docker.com/linux/${flavor}/docker-ce.repo`;
}
