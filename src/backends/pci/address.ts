// PCI addresses: the kernel's "0000:17:00.0" (domain:bus:device.function), lspci's form without
// a domain ("17:00.0"), and NVML's "00000000:17:00.0" that the snapshot model uses.

export interface PciAddressParts {
  domain: number;
  bus: number;
  device: number;
  function: number;
}

// Domains are 16 bits on most machines, wider with Intel VMD ("10000:e1:00.0").
const ADDRESS = /^(?:([0-9a-fA-F]{1,8}):)?([0-9a-fA-F]{2}):([0-9a-fA-F]{2})\.([0-7])$/;

export function parsePciAddress(text: string): PciAddressParts | null {
  const match = ADDRESS.exec(text.trim());
  if (!match) return null;
  const [, domain = '0', bus = '', device = '', fn = ''] = match;
  return {
    domain: Number.parseInt(domain, 16),
    bus: Number.parseInt(bus, 16),
    device: Number.parseInt(device, 16),
    function: Number.parseInt(fn, 10),
  };
}

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

/** The kernel's form: "0000:17:00.0"; null when `text` is not a PCI address. */
export function normalizePciAddress(text: string): string | null {
  const parts = parsePciAddress(text);
  if (!parts) return null;
  return `${hex(parts.domain, 4)}:${hex(parts.bus, 2)}:${hex(parts.device, 2)}.${parts.function}`;
}

/** NVML's form, as GpuDevice.pciBusId holds it: "00000000:17:00.0" (upper-case hex). */
export function toNvmlBusId(address: string): string | null {
  const parts = parsePciAddress(address);
  if (!parts) return null;
  return `${hex(parts.domain, 8)}:${hex(parts.bus, 2)}:${hex(parts.device, 2)}.${parts.function}`.toUpperCase();
}

/** Bus order: domain, then bus, device, function — numerically, so "10000:…" sorts last. */
export function comparePciAddresses(a: string, b: string): number {
  const left = parsePciAddress(a);
  const right = parsePciAddress(b);
  if (!left || !right) return a.localeCompare(b);
  return (
    left.domain - right.domain || left.bus - right.bus || left.device - right.device || left.function - right.function
  );
}
