// The PCI scan's data model: what is on the bus, whether or not any GPU driver works.
// Plain, JSON-serialisable; ids are lower-case hex strings as the kernel and lspci print them.

/** What a display-class or accelerator device is, from the gpuwise point of view. */
export type PciDeviceRole =
  /** A GPU from a GPU maker (NVIDIA, AMD, Intel, Moore Threads …). */
  | 'gpu'
  /** A compute accelerator of class 0x1200 from an accelerator maker (Instinct MI300X, Gaudi, Ascend …). */
  | 'accelerator'
  /** Not a GPU gpuwise watches: a BMC's VGA (ASPEED, Matrox), a virtual display, a laptop NPU. */
  | 'other';

/** The PCI class (base 0x03 or 0x12) in words. */
export type PciClassKind =
  | 'vga-controller'
  | 'xga-controller'
  | '3d-controller'
  | 'display-controller'
  | 'processing-accelerator';

export type PciNameSource = 'pci.ids' | 'builtin' | 'lspci';

export interface PciDisplayDevice {
  /** Domain-qualified, lower-case, as the kernel names it: "0000:17:00.0". */
  address: string;
  /** 4 hex digits: "10de". */
  vendorId: string;
  /** 4 hex digits: "2330". */
  deviceId: string;
  subsystemVendorId: string | null;
  subsystemDeviceId: string | null;
  /** 2 hex digits: "a1". */
  revision: string | null;
  /** Base class and subclass, 4 hex digits: "0302". */
  classCode: string;
  /** Programming interface, 2 hex digits; lspci without -v does not print it. */
  programmingInterface: string | null;
  classKind: PciClassKind;
  role: PciDeviceRole;
  /** The vendor makes GPUs or compute accelerators (even if this function is something else). */
  isGpuVendor: boolean;
  /** Short vendor name: "NVIDIA", "AMD", "ASPEED". */
  vendorName: string | null;
  /** Marketing name: "H100 SXM5 80GB", "Instinct MI300X". */
  deviceName: string | null;
  /** The chip, where the name database gives one: "GH100". */
  chipName: string | null;
  nameSource: PciNameSource | null;
  /** The kernel driver bound now ("nvidia", "nouveau", "amdgpu", "vfio-pci"); null: none bound. */
  driver: string | null;
  /** The bound driver's module version (/sys/module/<m>/version), e.g. "580.65.06". */
  driverVersion: string | null;
  /** Modules that can drive this device (modules.alias or `lspci -k`); null when unknown. */
  kernelModules: string[] | null;
  /** null when the platform has no NUMA (the kernel says -1) or it is unknown. */
  numaNode: number | null;
  iommuGroup: number | null;
  /** Address of the physical function when this is an SR-IOV virtual function. */
  physicalFunction: string | null;
  pcieLinkSpeedGtPerSecond: number | null;
  pcieLinkSpeedMaxGtPerSecond: number | null;
  /** 1 (2.5 GT/s) … 7 (128 GT/s); idle GPUs often train down to a lower generation. */
  pcieLinkGeneration: number | null;
  pcieLinkGenerationMax: number | null;
  /** Lanes; 0 means the link is down. */
  pcieLinkWidth: number | null;
  pcieLinkWidthMax: number | null;
}

export type PciScanProblemCode =
  | 'no-permission'
  | 'read-failed'
  | 'parse'
  | 'pci-ids'
  | 'modules-alias'
  | 'lspci-warning';

export interface PciScanProblem {
  /** The device it concerns, or null for the scan as a whole. */
  address: string | null;
  code: PciScanProblemCode;
  /** Technical detail (a path, an errno, stderr) — not translated. */
  detail: string;
}

export type PciScanFailureCode =
  /** /sys/bus/pci is unreadable and lspci could not stand in. */
  | 'no-permission'
  /** Neither /sys/bus/pci nor lspci exists. */
  | 'no-sysfs-no-lspci'
  | 'lspci-failed'
  | 'timeout'
  | 'error';

export interface PciScanScanned {
  kind: 'scanned';
  source: 'sysfs' | 'lspci';
  /** Every display-class (0x03) and processing-accelerator (0x1200) function, in bus order. */
  devices: PciDisplayDevice[];
  problems: PciScanProblem[];
  /** WSL 2 shows GPUs to Linux through /dev/dxg, not on the PCI bus: an empty list proves nothing. */
  wsl: boolean;
}

export interface PciScanUnsupported {
  kind: 'unsupported';
  /** Node's process.platform. */
  platform: string;
}

export interface PciScanFailed {
  kind: 'failed';
  code: PciScanFailureCode;
  detail: string;
  problems: PciScanProblem[];
}

export type PciScanResult = PciScanScanned | PciScanUnsupported | PciScanFailed;

/** What a source (sysfs or lspci) measured about one device, before names and roles are added. */
export interface PciDeviceFacts
  extends Omit<
    PciDisplayDevice,
    'role' | 'isGpuVendor' | 'vendorName' | 'deviceName' | 'chipName' | 'nameSource' | 'kernelModules'
  > {
  /** sysfs' modalias, matched against modules.alias for the module candidates. */
  modalias: string | null;
  /** Module candidates a source reported itself (`lspci -k`); null when it did not. */
  kernelModules: string[] | null;
  /** The device name the source printed (lspci), null when it printed only a placeholder. */
  reportedDeviceName: string | null;
  reportedVendorName: string | null;
}
