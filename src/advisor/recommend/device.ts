// What the recommender counts as one GPU: a device as the driver enumerates it. An MI250X board is
// two GCDs, each shown by rocm-smi as its own GPU with 64 GB (AMD Instinct MI250X data sheet; ROCm
// docs, "MI250 and MI250X each present two GCDs"); the catalog keeps the board's datasheet figures
// and `devicesPerBoard`, and here every per-board figure is divided by it. Prices stay per board:
// one buys boards, so N devices cost ceil(N / devicesPerBoard) boards.

import { memoryBytesOf, type GpuEntry } from '../../catalog/index.js';

export interface DeviceView {
  entry: GpuEntry;
  /** GPUs the driver shows per board (1 for nearly everything). */
  devicesPerBoard: number;
  /** Nominal memory of one device, bytes. */
  memoryBytes: number;
  bandwidthGBps: number;
  tdpWatts: number;
  /** Divide a board's rate by this to get one device's. */
  rateDivisor: number;
}

export function deviceView(entry: GpuEntry): DeviceView {
  const devices = entry.devicesPerBoard?.value ?? 1;
  return {
    entry,
    devicesPerBoard: devices,
    memoryBytes: memoryBytesOf(entry) / devices,
    bandwidthGBps: entry.memoryBandwidthGBps.value / devices,
    tdpWatts: entry.tdpWatts.value / devices,
    rateDivisor: devices,
  };
}

/** Boards to buy for `devices` GPUs. */
export function boardsFor(view: DeviceView, devices: number): number {
  return Math.ceil(devices / view.devicesPerBoard);
}
