// PCI vendors gpuwise names, and which of them make GPUs or compute accelerators.
// Ids and the long names are from the PCI ID Repository's pci.ids (pciutils/pciids, commit
// c1c12547d626ebf05fd0223144ad87fab5e95d06, 2026-08-22); the long names let the lspci parser
// find where the vendor ends and the device begins in lspci's one-line output.

import type { GpuDevice } from '../../core/snapshot.js';
import type { PciClassKind, PciDeviceRole } from './types.js';

export interface PciVendor {
  id: string;
  /** What a user calls it. */
  name: string;
  /** The vendor line of pci.ids, as lspci prints it. */
  pciIdsName: string;
  snapshotVendor: GpuDevice['vendor'];
  /** Its display-class (0x03) devices are GPUs. */
  makesGpus: boolean;
  /** Its processing accelerators (0x1200) are compute accelerators gpuwise should show. */
  makesAccelerators: boolean;
}

const vendor = (
  id: string,
  name: string,
  pciIdsName: string,
  kinds: { gpus: boolean; accelerators: boolean },
  snapshotVendor: GpuDevice['vendor'] = 'other',
): PciVendor => ({ id, name, pciIdsName, snapshotVendor, makesGpus: kinds.gpus, makesAccelerators: kinds.accelerators });

const BOTH = { gpus: true, accelerators: true };
const GPUS = { gpus: true, accelerators: false };
const ACCELERATORS = { gpus: false, accelerators: true };
const NEITHER = { gpus: false, accelerators: false };

export const PCI_VENDORS: readonly PciVendor[] = [
  vendor('10de', 'NVIDIA', 'NVIDIA Corporation', BOTH, 'nvidia'),
  vendor('1002', 'AMD', 'Advanced Micro Devices, Inc. [AMD/ATI]', BOTH, 'amd'),
  // Intel's display devices are GPUs (integrated, Arc, Data Center GPU Max); its 0x1200 devices
  // are laptop NPUs, which gpuwise cannot watch. Gaudi is under Habana's id.
  vendor('8086', 'Intel', 'Intel Corporation', GPUS, 'intel'),
  vendor('1ed5', 'Moore Threads', 'Moore Threads Technology Co.,Ltd', BOTH),
  vendor('1d94', 'Hygon', 'Chengdu Haiguang IC Design Co., Ltd.', BOTH),
  vendor('1e3e', 'Iluvatar CoreX', 'Shanghai Iluvatar CoreX Semiconductor Co., Ltd.', BOTH),
  vendor('9999', 'MetaX', 'MetaX Integrated Circuits (Shanghai) Co., Ltd.', BOTH),
  vendor('6766', 'Glenfly', 'Glenfly Tech Co., Ltd.', GPUS),
  vendor('0731', 'Jingjia Micro', 'Jingjia Microelectronics Co Ltd', GPUS),
  // Huawei's display function is the iBMC's VGA (Hi171x); its accelerators are Ascend NPUs.
  vendor('19e5', 'Huawei', 'Huawei Technologies Co., Ltd.', ACCELERATORS),
  vendor('1da3', 'Habana Labs', 'Habana Labs Ltd.', ACCELERATORS),
  vendor('cabc', 'Cambricon', 'Cambricon Technologies Corporation Limited', ACCELERATORS),
  vendor('1e36', 'Enflame', 'Shanghai Enflame Technology Co. Ltd', ACCELERATORS),
  vendor('1d22', 'Baidu', 'Baidu Technology', ACCELERATORS),
  vendor('1e52', 'Tenstorrent', 'Tenstorrent Inc', ACCELERATORS),
  vendor('1d95', 'Graphcore', 'Graphcore Ltd', ACCELERATORS),
  vendor('1de0', 'Groq', 'Groq', ACCELERATORS),
  vendor('1e0d', 'SambaNova', 'SambaNova Systems, Inc', ACCELERATORS),
  // Display controllers that are not GPUs: server BMCs and virtual machines' screens.
  vendor('1a03', 'ASPEED', 'ASPEED Technology, Inc.', NEITHER),
  vendor('102b', 'Matrox', 'Matrox Electronics Systems Ltd.', NEITHER),
  vendor('1013', 'Cirrus Logic', 'Cirrus Logic', NEITHER),
  vendor('126f', 'Silicon Motion', 'Silicon Motion, Inc.', NEITHER),
  vendor('1414', 'Microsoft', 'Microsoft Corporation', NEITHER),
  vendor('15ad', 'VMware', 'VMware', NEITHER),
  vendor('1af4', 'Red Hat', 'Red Hat, Inc.', NEITHER),
  vendor('1b36', 'Red Hat', 'Red Hat, Inc.', NEITHER),
  vendor('106b', 'Apple', 'Apple Inc.', NEITHER, 'apple'),
];

const BY_ID = new Map(PCI_VENDORS.map((v) => [v.id, v]));

export function findPciVendor(vendorId: string): PciVendor | null {
  return BY_ID.get(vendorId.toLowerCase()) ?? null;
}

/** The vendor whose pci.ids name starts `text` (lspci's "<vendor> <device>"), longest first. */
export function findPciVendorByNamePrefix(text: string): PciVendor | null {
  let best: PciVendor | null = null;
  for (const candidate of PCI_VENDORS) {
    const name = candidate.pciIdsName;
    const fits = text === name || text.startsWith(`${name} `);
    if (fits && (best === null || name.length > best.pciIdsName.length)) best = candidate;
  }
  return best;
}

export function isGpuVendor(vendorId: string): boolean {
  const found = findPciVendor(vendorId);
  return found !== null && (found.makesGpus || found.makesAccelerators);
}

/** The class kinds the scan keeps; null for every other class. */
export function pciClassKind(classCode: string): PciClassKind | null {
  switch (classCode.toLowerCase()) {
    case '0300':
      return 'vga-controller';
    case '0301':
      return 'xga-controller';
    case '0302':
      return '3d-controller';
    case '0380':
      return 'display-controller';
    case '1200':
      return 'processing-accelerator';
    default:
      return null;
  }
}

export function pciDeviceRole(vendorId: string, classKind: PciClassKind): PciDeviceRole {
  const found = findPciVendor(vendorId);
  if (found === null) return 'other';
  if (classKind === 'processing-accelerator') return found.makesAccelerators ? 'accelerator' : 'other';
  return found.makesGpus ? 'gpu' : 'other';
}
