// Every NVML function gpuwise calls, as the C prototype koffi binds. This list is also the
// contract of the fake NVML in test/fake-nvml/: it must export these symbols with these
// signatures (handles and out-parameters are plain pointers here; layouts are in ./layouts.ts).
//
// A group lists versioned symbols newest first; the first one the library exports is used and
// the choice is cached (nvitop's libnvml.py does the same). A group none of whose symbols exist
// makes its fields null with reason `symbol-missing` — an old driver, not an error.

export interface SymbolGroup {
  /** Candidate symbol names, newest first. */
  names: readonly string[];
  /** The C prototype with NAME standing for the symbol. */
  prototype: string;
}

const group = (names: readonly string[], prototype: string): SymbolGroup => ({ names, prototype });

export const NVML_SYMBOLS = {
  // -- library and system ------------------------------------------------------------------
  init: group(['nvmlInit_v2', 'nvmlInit'], 'int NAME(void)'),
  shutdown: group(['nvmlShutdown'], 'int NAME(void)'),
  errorString: group(['nvmlErrorString'], 'const char *NAME(int result)'),
  driverVersion: group(['nvmlSystemGetDriverVersion'], 'int NAME(void *version, unsigned int length)'),
  nvmlVersion: group(['nvmlSystemGetNVMLVersion'], 'int NAME(void *version, unsigned int length)'),
  cudaDriverVersion: group(
    ['nvmlSystemGetCudaDriverVersion_v2', 'nvmlSystemGetCudaDriverVersion'],
    'int NAME(void *cudaDriverVersion)',
  ),
  deviceCount: group(['nvmlDeviceGetCount_v2', 'nvmlDeviceGetCount'], 'int NAME(void *deviceCount)'),
  handleByIndex: group(
    ['nvmlDeviceGetHandleByIndex_v2', 'nvmlDeviceGetHandleByIndex'],
    'int NAME(unsigned int index, _Out_ void **device)',
  ),

  // -- identity ----------------------------------------------------------------------------
  name: group(['nvmlDeviceGetName'], 'int NAME(void *device, void *name, unsigned int length)'),
  uuid: group(['nvmlDeviceGetUUID'], 'int NAME(void *device, void *uuid, unsigned int length)'),
  serial: group(['nvmlDeviceGetSerial'], 'int NAME(void *device, void *serial, unsigned int length)'),
  vbiosVersion: group(['nvmlDeviceGetVbiosVersion'], 'int NAME(void *device, void *version, unsigned int length)'),
  pciInfo: group(
    ['nvmlDeviceGetPciInfo_v3', 'nvmlDeviceGetPciInfo_v2', 'nvmlDeviceGetPciInfo'],
    'int NAME(void *device, void *pci)',
  ),
  architecture: group(['nvmlDeviceGetArchitecture'], 'int NAME(void *device, void *arch)'),
  computeCapability: group(['nvmlDeviceGetCudaComputeCapability'], 'int NAME(void *device, void *major, void *minor)'),

  // -- memory and utilisation --------------------------------------------------------------
  memoryInfoV2: group(['nvmlDeviceGetMemoryInfo_v2'], 'int NAME(void *device, void *memory)'),
  memoryInfo: group(['nvmlDeviceGetMemoryInfo'], 'int NAME(void *device, void *memory)'),
  utilization: group(['nvmlDeviceGetUtilizationRates'], 'int NAME(void *device, void *utilization)'),
  encoderUtilization: group(
    ['nvmlDeviceGetEncoderUtilization'],
    'int NAME(void *device, void *utilization, void *samplingPeriodUs)',
  ),
  decoderUtilization: group(
    ['nvmlDeviceGetDecoderUtilization'],
    'int NAME(void *device, void *utilization, void *samplingPeriodUs)',
  ),

  // -- thermal and power -------------------------------------------------------------------
  temperature: group(['nvmlDeviceGetTemperature'], 'int NAME(void *device, int sensorType, void *temp)'),
  temperatureThreshold: group(
    ['nvmlDeviceGetTemperatureThreshold'],
    'int NAME(void *device, int thresholdType, void *temp)',
  ),
  fanSpeed: group(['nvmlDeviceGetFanSpeed'], 'int NAME(void *device, void *speed)'),
  powerUsage: group(['nvmlDeviceGetPowerUsage'], 'int NAME(void *device, void *milliwatts)'),
  enforcedPowerLimit: group(['nvmlDeviceGetEnforcedPowerLimit'], 'int NAME(void *device, void *milliwatts)'),
  defaultPowerLimit: group(['nvmlDeviceGetPowerManagementDefaultLimit'], 'int NAME(void *device, void *milliwatts)'),
  totalEnergy: group(['nvmlDeviceGetTotalEnergyConsumption'], 'int NAME(void *device, void *millijoules)'),

  // -- clocks and performance --------------------------------------------------------------
  clockInfo: group(['nvmlDeviceGetClockInfo'], 'int NAME(void *device, int clockType, void *mhz)'),
  maxClockInfo: group(['nvmlDeviceGetMaxClockInfo'], 'int NAME(void *device, int clockType, void *mhz)'),
  performanceState: group(['nvmlDeviceGetPerformanceState'], 'int NAME(void *device, void *pState)'),
  clockEventReasons: group(
    ['nvmlDeviceGetCurrentClocksEventReasons', 'nvmlDeviceGetCurrentClocksThrottleReasons'],
    'int NAME(void *device, void *reasons)',
  ),

  // -- PCIe --------------------------------------------------------------------------------
  pcieLinkGeneration: group(['nvmlDeviceGetCurrPcieLinkGeneration'], 'int NAME(void *device, void *gen)'),
  pcieLinkGenerationMax: group(['nvmlDeviceGetMaxPcieLinkGeneration'], 'int NAME(void *device, void *gen)'),
  pcieLinkWidth: group(['nvmlDeviceGetCurrPcieLinkWidth'], 'int NAME(void *device, void *width)'),
  pcieLinkWidthMax: group(['nvmlDeviceGetMaxPcieLinkWidth'], 'int NAME(void *device, void *width)'),
  pcieThroughput: group(['nvmlDeviceGetPcieThroughput'], 'int NAME(void *device, int counter, void *kibPerSecond)'),

  // -- modes and ECC -----------------------------------------------------------------------
  eccMode: group(['nvmlDeviceGetEccMode'], 'int NAME(void *device, void *current, void *pending)'),
  totalEccErrors: group(
    ['nvmlDeviceGetTotalEccErrors'],
    'int NAME(void *device, int errorType, int counterType, void *count)',
  ),
  computeMode: group(['nvmlDeviceGetComputeMode'], 'int NAME(void *device, void *mode)'),
  persistenceMode: group(['nvmlDeviceGetPersistenceMode'], 'int NAME(void *device, void *mode)'),
  driverModel: group(
    ['nvmlDeviceGetDriverModel_v2', 'nvmlDeviceGetDriverModel'],
    'int NAME(void *device, void *current, void *pending)',
  ),

  // -- MIG ---------------------------------------------------------------------------------
  migMode: group(['nvmlDeviceGetMigMode'], 'int NAME(void *device, void *currentMode, void *pendingMode)'),
  maxMigDeviceCount: group(['nvmlDeviceGetMaxMigDeviceCount'], 'int NAME(void *device, void *count)'),
  migDeviceHandleByIndex: group(
    ['nvmlDeviceGetMigDeviceHandleByIndex'],
    'int NAME(void *device, unsigned int index, _Out_ void **migDevice)',
  ),
  gpuInstanceId: group(['nvmlDeviceGetGpuInstanceId'], 'int NAME(void *device, void *id)'),
  computeInstanceId: group(['nvmlDeviceGetComputeInstanceId'], 'int NAME(void *device, void *id)'),
  deviceAttributes: group(
    ['nvmlDeviceGetAttributes_v2', 'nvmlDeviceGetAttributes'],
    'int NAME(void *device, void *attributes)',
  ),

  // -- processes ---------------------------------------------------------------------------
  computeProcesses: group(
    [
      'nvmlDeviceGetComputeRunningProcesses_v3',
      'nvmlDeviceGetComputeRunningProcesses_v2',
      'nvmlDeviceGetComputeRunningProcesses',
    ],
    'int NAME(void *device, void *infoCount, void *infos)',
  ),
  graphicsProcesses: group(
    [
      'nvmlDeviceGetGraphicsRunningProcesses_v3',
      'nvmlDeviceGetGraphicsRunningProcesses_v2',
      'nvmlDeviceGetGraphicsRunningProcesses',
    ],
    'int NAME(void *device, void *infoCount, void *infos)',
  ),
  processUtilization: group(
    ['nvmlDeviceGetProcessUtilization'],
    'int NAME(void *device, void *utilization, void *processSamplesCount, unsigned long long lastSeenTimeStamp)',
  ),

  // -- counters, sub-second samples, throttle time, GPM --------------------------------------
  fieldValues: group(['nvmlDeviceGetFieldValues'], 'int NAME(void *device, int valuesCount, void *values)'),
  samples: group(
    ['nvmlDeviceGetSamples'],
    'int NAME(void *device, int type, unsigned long long lastSeenTimeStamp, void *sampleValType, void *sampleCount, void *samples)',
  ),
  violationStatus: group(['nvmlDeviceGetViolationStatus'], 'int NAME(void *device, int perfPolicyType, void *violTime)'),
  gpmQueryDeviceSupport: group(['nvmlGpmQueryDeviceSupport'], 'int NAME(void *device, void *gpmSupport)'),
  // nvmlGpmSample_t is a struct of one pointer, passed by value: the same registers as a pointer
  // on x86-64 SysV, Windows x64 and AArch64.
  gpmSampleAlloc: group(['nvmlGpmSampleAlloc'], 'int NAME(void *gpmSampleOut)'),
  gpmSampleFree: group(['nvmlGpmSampleFree'], 'int NAME(void *gpmSample)'),
  gpmSampleGet: group(['nvmlGpmSampleGet'], 'int NAME(void *device, void *gpmSample)'),
  gpmMetricsGet: group(['nvmlGpmMetricsGet'], 'int NAME(void *metricsGet)'),

  // Only probed for (never called): their presence tells which process-info struct the
  // driver's _v3 functions fill (see ./layouts.ts, processInfoLayoutFor).
  confComputeMemSizeInfo: group(['nvmlDeviceGetConfComputeMemSizeInfo'], 'int NAME(void *device, void *info)'),
  runningProcessDetailList: group(['nvmlDeviceGetRunningProcessDetailList'], 'int NAME(void *device, void *plist)'),
} as const satisfies Record<string, SymbolGroup>;

export type NvmlSymbolKey = keyof typeof NVML_SYMBOLS;
