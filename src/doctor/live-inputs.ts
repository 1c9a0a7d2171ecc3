// The doctor's inputs on the machine gpuwise runs on: the backend chain (opened, read once and
// closed), the PCI bus scan and the host summary — each failure kept as a value, never thrown.

import { openFirstBackend } from '../backends/chain.js';
import { scanPciDisplayDevices } from '../backends/pci/scan.js';
import { backendDrivers } from '../backends/registry.js';
import { createHostReader } from '../host/index.js';
import { gpuInputsFromChain, pciInputFromScan, type DoctorGpuInputs, type DoctorInputs, type DoctorPciInput } from './inputs.js';

async function chainInputs(): Promise<DoctorGpuInputs> {
  const chain = await openFirstBackend(backendDrivers());
  try {
    return await gpuInputsFromChain(chain);
  } finally {
    await chain.backend?.close().catch(() => undefined);
  }
}

async function pciInput(): Promise<DoctorPciInput> {
  try {
    return pciInputFromScan(await scanPciDisplayDevices());
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export async function gatherLiveInputs(): Promise<DoctorInputs> {
  const [gpu, pci, host] = await Promise.all([
    chainInputs().catch(() => null),
    pciInput(),
    createHostReader({ firstSampleWindowMs: 0, uidLookup: null })
      .readSummary()
      .then((result) => result.summary)
      .catch(() => null),
  ]);
  return { gpu, pci, host };
}
