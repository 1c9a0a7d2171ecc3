// The machine's GPUs as the doctor sees them: what the opened backend read (names, compute
// capability, memory, persistence mode) and what the PCI bus shows even without a driver.

import { matchGpuName } from '../../catalog/index.js';
import type { DeviceState, GpuDevice } from '../../core/snapshot.js';
import { computeCapabilityRow } from '../compat/gpu-architectures.js';
import type { DoctorInputs, DoctorPciDevice } from '../inputs.js';

export interface NvidiaGpu {
  index: number | null;
  name: string | null;
  computeCapability: string | null;
  architecture: string | null;
  memoryTotalBytes: number | null;
  /** Board power: the driver's default power limit, else the catalog's TDP. */
  boardPowerWatts: number | null;
  boardPowerSource: 'driver' | 'catalog' | null;
  /** From the catalog: SXM / OAM modules live in servers whose power the vendor sizes. */
  formFactor: 'pcie' | 'sxm' | 'oam' | null;
  pciBusId: string | null;
  persistenceMode: boolean | null;
  /** Whether the GPU answered the backend's read (null: seen on the bus only). */
  state: DeviceState | null;
  /** The backend's words when it did not (an NVML return-code name, a deadline's text). */
  stateDetail: string | null;
  /** Its read ran out of time: the GPU or the driver may be hung. */
  hung: boolean;
  source: 'backend' | 'pci';
}

export interface GpuFacts {
  nvidia: NvidiaGpu[];
  /** PCI devices by vendor (empty when the scan was not available). */
  pciNvidia: DoctorPciDevice[];
  pciAmd: DoctorPciDevice[];
  pciStatus: 'scanned' | 'unavailable' | 'not-provided';
  pciProblem: string | null;
  /** The opened backend listed devices (NVML or nvidia-smi, not just the bus). */
  backendHasDevices: boolean;
  /** A driver backend opened, then did not answer in time or failed to read: it may hide GPUs it has. */
  driverSilent: boolean;
}

function catalogFacts(name: string | null, memoryTotalBytes: number | null) {
  if (!name) return null;
  // pci.ids names read "AD102 [GeForce RTX 4090]": the marketing name is in the brackets.
  const candidates = [name, name.match(/\[([^\]]+)\]/)?.[1]].filter((n): n is string => !!n);
  try {
    for (const candidate of candidates) {
      const entry = matchGpuName(candidate, { memoryTotalBytes })?.entry;
      if (entry) return entry;
    }
    return null;
  } catch {
    // A catalog that fails to load must not take the doctor down with it.
    return null;
  }
}

function withCatalog(gpu: Omit<NvidiaGpu, 'boardPowerWatts' | 'boardPowerSource' | 'formFactor'> & { driverPowerWatts: number | null }): NvidiaGpu {
  const { driverPowerWatts, ...rest } = gpu;
  const entry = catalogFacts(gpu.name, gpu.memoryTotalBytes);
  const catalogCc = entry?.computeCapability.value ?? null;
  const computeCapability = gpu.computeCapability ?? (catalogCc && /^\d/.test(catalogCc) ? catalogCc : null);
  const architecture = computeCapabilityRow(computeCapability)?.architecture ?? gpu.architecture ?? null;
  const formFactor = entry?.formFactor ?? null;
  if (driverPowerWatts !== null) {
    return { ...rest, computeCapability, architecture, formFactor, boardPowerWatts: driverPowerWatts, boardPowerSource: 'driver' };
  }
  const tdp = entry?.tdpWatts.value ?? null;
  return { ...rest, computeCapability, architecture, formFactor, boardPowerWatts: tdp, boardPowerSource: tdp !== null ? 'catalog' : null };
}

/** A read that gave up on the GPU marks what it could not get as `timeout` (see backends/nvml/timeout-device.ts). */
function timedOut(device: GpuDevice): boolean {
  return device.state === 'error' && Object.values(device.unavailable).includes('timeout');
}

export function readGpuFacts(inputs: DoctorInputs): GpuFacts {
  const pci = inputs.pci;
  const pciDevices = pci?.ok ? pci.devices : [];
  const pciNvidia = pciDevices.filter((d) => d.vendor === 'nvidia');
  const pciAmd = pciDevices.filter((d) => d.vendor === 'amd');
  const pciStatus = pci === null ? 'not-provided' : pci.ok ? 'scanned' : 'unavailable';
  const pciProblem = pci && !pci.ok ? pci.reason : null;

  const reading = inputs.gpu?.reading ?? null;
  const backendDevices =
    inputs.gpu?.openedBackend && inputs.gpu.openedBackend !== 'pci' ? (reading?.devices ?? []).filter((d) => d.vendor === 'nvidia') : [];
  const nvidia: NvidiaGpu[] =
    backendDevices.length > 0
      ? backendDevices.map((d) =>
          withCatalog({
            index: d.index,
            name: d.name,
            computeCapability: d.computeCapability,
            architecture: d.architecture,
            memoryTotalBytes: d.memoryTotalBytes,
            driverPowerWatts: d.powerLimitDefaultWatts,
            pciBusId: d.pciBusId,
            persistenceMode: d.persistenceMode,
            state: d.state,
            stateDetail: d.stateDetail,
            hung: timedOut(d),
            source: 'backend',
          }),
        )
      : pciNvidia.map((d) =>
          withCatalog({
            index: null,
            name: d.name,
            computeCapability: null,
            architecture: null,
            memoryTotalBytes: null,
            driverPowerWatts: null,
            pciBusId: d.address,
            persistenceMode: null,
            state: null,
            stateDetail: null,
            hung: false,
            source: 'pci',
          }),
        );
  const driverSilent = inputs.gpu !== null && (inputs.gpu.readError !== null || Object.values(reading?.driver.unavailable ?? {}).includes('timeout'));
  return { nvidia, pciNvidia, pciAmd, pciStatus, pciProblem, backendHasDevices: backendDevices.length > 0, driverSilent };
}
