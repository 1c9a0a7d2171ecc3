// Secure Boot: when on, the kernel refuses modules that are not signed with an enrolled key — the
// usual reason a freshly installed NVIDIA module "is installed but not loaded".

import type { DoctorEnv } from '../env.js';
import { DEFAULT_PROBE_LIMITS, type ProbeLimits } from './probe-limits.js';

export const SECURE_BOOT_EFIVAR = '/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c';

export type SecureBootState = 'enabled' | 'disabled' | 'not-uefi' | 'unknown';

export interface SecureBootFacts {
  state: SecureBootState;
  /** "mokutil --sb-state: SecureBoot enabled", or the efivar path and byte. */
  evidence: string | null;
}

/** mokutil prints "SecureBoot enabled" / "SecureBoot disabled" / "EFI variables are not supported…". */
export function parseMokutilState(text: string): SecureBootState | null {
  if (/SecureBoot enabled/i.test(text)) return 'enabled';
  if (/SecureBoot disabled/i.test(text)) return 'disabled';
  if (/not supported|doesn't support Secure Boot/i.test(text)) return 'not-uefi';
  return null;
}

/** An efivar file is 4 bytes of attributes followed by the value; SecureBoot's value is one byte. */
export function parseSecureBootEfivar(bytes: Uint8Array): SecureBootState | null {
  if (bytes.length < 5) return null;
  const value = bytes[4];
  return value === 1 ? 'enabled' : value === 0 ? 'disabled' : null;
}

export async function readSecureBoot(env: DoctorEnv, limits: ProbeLimits = DEFAULT_PROBE_LIMITS): Promise<SecureBootFacts> {
  if (env.platform !== 'linux') return { state: 'unknown', evidence: null };
  const mokutil = await env.exec('mokutil', ['--sb-state'], { timeoutMs: limits.versionMs });
  if (mokutil.kind === 'exited') {
    const text = `${mokutil.stdout}\n${mokutil.stderr}`.trim();
    const state = parseMokutilState(text);
    if (state) return { state, evidence: `mokutil --sb-state: ${text.split('\n')[0] ?? ''}` };
  }
  const efivar = await env.fs.readBytes(SECURE_BOOT_EFIVAR);
  if (efivar.ok) {
    const state = parseSecureBootEfivar(efivar.value);
    if (state) return { state, evidence: `${SECURE_BOOT_EFIVAR}: ${efivar.value[4]}` };
  }
  if (!(await env.fs.exists('/sys/firmware/efi'))) return { state: 'not-uefi', evidence: '/sys/firmware/efi: absent' };
  return { state: 'unknown', evidence: null };
}
