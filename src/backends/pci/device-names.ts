// Fallback device names for when the system has no pci.ids, or one older than the card.
// Each name is the device line of the PCI ID Repository's pci.ids, copied verbatim from
// pciutils/pciids commit c1c12547d626ebf05fd0223144ad87fab5e95d06 (2026-08-22; GPL-2.0+ or
// BSD-3-Clause), except where a comment says otherwise.

export const BUILTIN_DEVICE_NAMES: ReadonlyMap<string, string> = new Map([
  // NVIDIA datacenter
  ['10de:1db1', 'GV100GL [Tesla V100 SXM2 16GB]'],
  ['10de:1db4', 'GV100GL [Tesla V100 PCIe 16GB]'],
  ['10de:1db5', 'GV100GL [Tesla V100 SXM2 32GB]'],
  ['10de:1db6', 'GV100GL [Tesla V100 PCIe 32GB]'],
  ['10de:1db8', 'GV100GL [Tesla V100 SXM3 32GB]'],
  ['10de:1df6', 'GV100GL [Tesla V100S PCIe 32GB]'],
  ['10de:1eb8', 'TU104GL [Tesla T4]'],
  ['10de:2236', 'GA102GL [A10]'],
  ['10de:20b7', 'GA100GL [A30 PCIe]'],
  ['10de:2235', 'GA102GL [A40]'],
  ['10de:20b0', 'GA100 [A100 SXM4 40GB]'],
  ['10de:20b1', 'GA100 [A100 PCIe 40GB]'],
  ['10de:20f1', 'GA100 [A100 PCIe 40GB]'],
  ['10de:20b2', 'GA100 [A100 SXM4 80GB]'],
  ['10de:20b5', 'GA100 [A100 PCIe 80GB]'],
  ['10de:27b8', 'AD104GL [L4]'],
  ['10de:26b5', 'AD102GL [L40]'],
  ['10de:26b9', 'AD102GL [L40S]'],
  ['10de:2330', 'GH100 [H100 SXM5 80GB]'],
  ['10de:2331', 'GH100 [H100 PCIe]'],
  // pci.ids says "H100L 94GB"; NVIDIA's own list (open-gpu-kernel-modules README, "Compatible
  // GPUs": "NVIDIA H100 NVL | 2321 10DE 1839") names it H100 NVL.
  ['10de:2321', 'GH100 [H100 NVL]'],
  ['10de:2335', 'GH100 [H200 SXM 141GB]'],
  ['10de:233b', 'GH100 [H200 NVL]'],
  ['10de:2342', 'GH100 [GH200 120GB / 480GB]'],
  ['10de:2901', 'GB100 [B200]'],
  ['10de:2909', 'GB100 [HGX B200 168GB]'],
  // NVIDIA workstation
  ['10de:2230', 'GA102GL [RTX A6000]'],
  ['10de:26b1', 'AD102GL [RTX 6000 Ada Generation]'],
  ['10de:2bb1', 'GB202GL [RTX PRO 6000 Blackwell Workstation Edition]'],
  // NVIDIA GeForce
  ['10de:1b06', 'GP102 [GeForce GTX 1080 Ti]'],
  ['10de:1e04', 'TU102 [GeForce RTX 2080 Ti]'],
  ['10de:1e07', 'TU102 [GeForce RTX 2080 Ti Rev. A]'],
  ['10de:2487', 'GA104 [GeForce RTX 3060]'],
  ['10de:2503', 'GA106 [GeForce RTX 3060]'],
  ['10de:2504', 'GA106 [GeForce RTX 3060 Lite Hash Rate]'],
  ['10de:2544', 'GA106 [GeForce RTX 3060]'],
  ['10de:2484', 'GA104 [GeForce RTX 3070]'],
  ['10de:2206', 'GA102 [GeForce RTX 3080]'],
  ['10de:2204', 'GA102 [GeForce RTX 3090]'],
  ['10de:2882', 'AD107 [GeForce RTX 4060]'],
  ['10de:2803', 'AD106 [GeForce RTX 4060 Ti]'],
  ['10de:2805', 'AD106 [GeForce RTX 4060 Ti 16GB]'],
  ['10de:2786', 'AD104 [GeForce RTX 4070]'],
  ['10de:2709', 'AD103 [GeForce RTX 4070]'],
  ['10de:2704', 'AD103 [GeForce RTX 4080]'],
  ['10de:2684', 'AD102 [GeForce RTX 4090]'],
  ['10de:2b85', 'GB202 [GeForce RTX 5090]'],
  // AMD Instinct and Radeon AI
  ['1002:738c', 'Arcturus GL-XL [Instinct MI100]'],
  ['1002:740f', 'Aldebaran/MI200 [Instinct MI210]'],
  ['1002:7408', 'Aldebaran/MI200 [Instinct MI250X]'],
  ['1002:740c', 'Aldebaran/MI200 [Instinct MI250X/MI250]'],
  ['1002:74a0', 'Aqua Vanjaram [Instinct MI300A]'],
  ['1002:74a1', 'Aqua Vanjaram [Instinct MI300X]'],
  ['1002:74a5', 'Aqua Vanjaram [Instinct MI325X]'],
  ['1002:7551', 'Navi 48 [Radeon AI PRO R9700]'],
  // Intel Gaudi (Habana)
  ['1da3:1020', 'Gaudi2 AI Training Accelerator'],
  ['1da3:1060', 'Gaudi3 AI Training Accelerator'],
]);

export interface SplitDeviceName {
  /** "H100 SXM5 80GB" */
  deviceName: string;
  /** "GH100"; null when the line has no bracketed marketing name. */
  chipName: string | null;
}

/**
 * pci.ids writes "<chip> [<marketing name>]" ("GH100 [H100 SXM5 80GB]") or just a name
 * ("ASPEED Graphics Family"); a user wants the part in brackets.
 */
export function splitPciIdsDeviceName(raw: string): SplitDeviceName {
  const text = raw.trim();
  // The earliest "[" after the last inner "]" opens the name, which must not be empty — what
  // /^(.*?)\s*\[([^\]]+)\]$/ meant, found with indexOf: that pattern rescans a run of spaces from
  // each of its starts (quadratic).
  if (text.endsWith(']')) {
    const open = text.indexOf('[', text.lastIndexOf(']', text.length - 2) + 1);
    if (open >= 0 && open < text.length - 2) {
      return { deviceName: text.slice(open + 1, -1).trim(), chipName: text.slice(0, open).trim() || null };
    }
  }
  return { deviceName: text, chipName: null };
}

export function builtinDeviceName(vendorId: string, deviceId: string): string | null {
  return BUILTIN_DEVICE_NAMES.get(`${vendorId.toLowerCase()}:${deviceId.toLowerCase()}`) ?? null;
}
