// The floor of one steady-state snapshot under a fake-NVML cost model: the modelled cost of the
// NVML calls that cannot be avoided for what the snapshot reports. "Cannot be avoided" here:
//
// - one call (or one field of nvmlDeviceGetFieldValues, whichever the scenario prices lower) per
//   live value the reading carries — memory, utilisation, temperature, power, clocks, PCIe and
//   NVLink rates, P-state, throttle reasons, ECC counters, violation counters, GPM, the driver's
//   sub-second samples — both process lists of every GPU that is up, and the per-process
//   utilisation of every GPU that has processes (whether the driver has samples of them, only it knows);
// - for a reader that reads every `intervalMs` (a sampler), a list priced at SLOW_LIST_US or more
//   only once per SLOW_LIST_REFRESH_MS, as src/backends/nvml/list-pacing.ts reads it;
// - nothing for identity, limits and modes (read once when the session opens), handles (looked
//   up once), or the size queries before a list (a buffer kept from the last read is big enough);
// - plus nvmlDeviceGetCount once, to see a GPU come or go.
//
// Values the reading leaves null cost nothing: a reader that reads less has a lower floor, and
// the ratio says how close it comes to its own floor, not whether it reads enough.

/** The fake busy-waits costs below this (the scenario's costSpinBelowUs) and sleeps longer ones (test/fake-nvml/src/state.c). */
const DEFAULT_SPIN_LIMIT_US = 200;

const PCIE = { rx: 'NVML_FI_DEV_PCIE_COUNT_RX_BYTES', tx: 'NVML_FI_DEV_PCIE_COUNT_TX_BYTES' };
const NVLINK = { rx: 'NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_RX', tx: 'NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX' };

const ECC_FIELDS = {
  correctedVolatile: 'NVML_FI_DEV_ECC_SBE_VOL_TOTAL',
  uncorrectedVolatile: 'NVML_FI_DEV_ECC_DBE_VOL_TOTAL',
  correctedAggregate: 'NVML_FI_DEV_ECC_SBE_AGG_TOTAL',
  uncorrectedAggregate: 'NVML_FI_DEV_ECC_DBE_AGG_TOTAL',
};
const VIOLATION_FIELDS = {
  power: 'NVML_FI_DEV_PERF_POLICY_POWER',
  thermal: 'NVML_FI_DEV_PERF_POLICY_THERMAL',
  syncBoost: 'NVML_FI_DEV_PERF_POLICY_SYNC_BOOST',
  boardLimit: 'NVML_FI_DEV_PERF_POLICY_BOARD_LIMIT',
  lowUtilization: 'NVML_FI_DEV_PERF_POLICY_LOW_UTILIZATION',
  reliability: 'NVML_FI_DEV_PERF_POLICY_RELIABILITY',
};

const live = (value) => value !== null && value !== undefined;

/** src/backends/nvml/list-pacing.ts: SLOW_LIST_MS (in µs) and SLOW_LIST_REFRESH_MS. */
const SLOW_LIST_US = 2000;
const SLOW_LIST_REFRESH_MS = 5000;

/** Of the reads `intervalMs` apart, the share that reads a list that costs `us` (1 without an interval). */
function listShare(us, intervalMs) {
  if (intervalMs === undefined || us < SLOW_LIST_US) return 1;
  return 1 / Math.max(1, Math.ceil(SLOW_LIST_REFRESH_MS / intervalMs));
}

/** Prices calls and fields for device `index`: its own rules first, then the system's defaults. */
function pricer(scenario, index) {
  const device = scenario.devices?.[index] ?? {};
  const call = (name) => device.callCostUs?.[name] ?? scenario.system?.callCostUs?.[name] ?? 0;
  const field = (name) => device.fieldCostUs?.[name] ?? scenario.system?.fieldCostUs?.[name] ?? 0;
  return { call, field };
}

/**
 * The floor of `reading` (a BackendReading from the NVML backend, or a Snapshot) under `scenario`
 * (the parsed scenario JSON): { totalUs, cpuUs, devices: [{ index, totalUs, cpuUs, items }] }.
 * `cpuUs` is the part the fake spends busy-waiting (calls under costSpinBelowUs): CPU time the modelled
 * driver itself uses, which no reader can save. `options.intervalMs`: the reads are that far apart
 * (a sampler), so a slow process list is priced at its share of them (see the top).
 */
export function unavoidableCost(scenario, reading, options = {}) {
  const spinLimitUs = scenario.system?.costSpinBelowUs ?? DEFAULT_SPIN_LIMIT_US;
  const devices = reading.devices.map((device) => {
    const { call, field } = pricer(scenario, device.index);
    const items = [];
    let fields = 0;
    let fieldsUs = 0;
    /** `us` is the cost of `calls` calls of equal cost. */
    const add = (what, us, calls = 1) => items.push({ what, us, cpuUs: calls > 0 && us / calls < spinLimitUs ? us : 0 });
    const addField = (what, fieldName) => {
      fields++;
      fieldsUs += field(fieldName);
      // Fields share one call: whether it spins depends on their sum (below).
      add(`${what} (field ${fieldName.replace('NVML_FI_DEV_', '')})`, field(fieldName), 0);
    };
    /** The cheaper of a call and a field that give the same value. */
    const cheaper = (what, callName, fieldName) => {
      if (field(fieldName) <= call(callName)) addField(what, fieldName);
      else add(`${what} (${callName})`, call(callName));
    };
    if (device.state !== 'ok') return { index: device.index, items, totalUs: 0 };

    if (live(device.memoryUsedBytes)) add('memory', call('nvmlDeviceGetMemoryInfo'));
    if (live(device.gpuUtilPercent) || live(device.memoryUtilPercent)) add('utilisation', call('nvmlDeviceGetUtilizationRates'));
    if (live(device.encoderUtilPercent)) add('encoder', call('nvmlDeviceGetEncoderUtilization'));
    if (live(device.decoderUtilPercent)) add('decoder', call('nvmlDeviceGetDecoderUtilization'));
    if (live(device.temperatureCelsius)) add('temperature', call('nvmlDeviceGetTemperature'));
    if (live(device.fanSpeedPercent)) add('fan', call('nvmlDeviceGetFanSpeed'));
    if (live(device.powerDrawWatts)) cheaper('power', 'nvmlDeviceGetPowerUsage', 'NVML_FI_DEV_POWER_INSTANT');
    if (live(device.energyConsumedJoules) || live(device.powerDrawAverageWatts)) {
      cheaper('energy', 'nvmlDeviceGetTotalEnergyConsumption', 'NVML_FI_DEV_TOTAL_ENERGY_CONSUMPTION');
    }
    for (const clock of ['graphicsClockMhz', 'smClockMhz', 'memoryClockMhz']) {
      if (live(device[clock])) add(clock.replace('Mhz', ''), call('nvmlDeviceGetClockInfo'));
    }
    if (live(device.pcieLinkGeneration)) add('PCIe generation', call('nvmlDeviceGetCurrPcieLinkGeneration'));
    if (live(device.pcieLinkWidth)) add('PCIe width', call('nvmlDeviceGetCurrPcieLinkWidth'));
    for (const [way, fieldName] of Object.entries(PCIE)) {
      const value = way === 'rx' ? device.pcieRxBytesPerSecond : device.pcieTxBytesPerSecond;
      if (live(value)) cheaper(`PCIe ${way}`, 'nvmlDeviceGetPcieThroughput', fieldName);
    }
    for (const [way, fieldName] of Object.entries(NVLINK)) {
      const value = way === 'rx' ? device.nvlinkRxBytesPerSecond : device.nvlinkTxBytesPerSecond;
      if (live(value)) addField(`NVLink ${way}`, fieldName);
    }
    if (live(device.performanceState)) add('P-state', call('nvmlDeviceGetPerformanceState'));
    if (live(device.clockEventReasons)) add('clock event reasons', call('nvmlDeviceGetCurrentClocksEventReasons'));
    for (const [key, fieldName] of Object.entries(ECC_FIELDS)) {
      if (live(device.eccErrors?.[key])) cheaper(`ECC ${key}`, 'nvmlDeviceGetTotalEccErrors', fieldName);
    }
    for (const [key, fieldName] of Object.entries(VIOLATION_FIELDS)) {
      if (live(device.throttleTimePercent?.[key])) cheaper(`throttle time ${key}`, 'nvmlDeviceGetViolationStatus', fieldName);
    }
    if (['smActivePercent', 'smOccupancyPercent', 'tensorActivePercent', 'dramActivePercent'].some((k) => live(device[k]))) {
      add('GPM sample', call('nvmlGpmSampleGet'));
      add('GPM metrics', call('nvmlGpmMetricsGet'));
    }
    const series = (reading.samples ?? []).filter((s) => s.deviceIndex === device.index).length;
    if (series > 0) add(`sub-second samples ×${series}`, series * call('nvmlDeviceGetSamples'), series);
    for (const [what, name] of [['compute processes', 'nvmlDeviceGetComputeRunningProcesses'], ['graphics processes', 'nvmlDeviceGetGraphicsRunningProcesses']]) {
      const share = listShare(call(name), options.intervalMs);
      add(share < 1 ? `${what} (1 read in ${Math.round(1 / share)})` : what, call(name) * share, share);
    }
    // Asked whenever the GPU has processes: only the driver knows whether it has samples of them.
    if (reading.processes.some((p) => p.gpuIndex === device.index)) add('process utilisation', call('nvmlDeviceGetProcessUtilization'));
    // All the fields above come back from one nvmlDeviceGetFieldValues call.
    if (fields > 0) {
      const base = call('nvmlDeviceGetFieldValues');
      items.push({ what: `nvmlDeviceGetFieldValues (${fields} fields, one call)`, us: base, cpuUs: base + fieldsUs < spinLimitUs ? base + fieldsUs : 0 });
    }
    const sum = (key) => items.reduce((total, item) => total + item[key], 0);
    return { index: device.index, items, totalUs: sum('us'), cpuUs: sum('cpuUs') };
  });
  const systemUs = scenario.system?.callCostUs?.nvmlDeviceGetCount ?? 0;
  const total = (key) => devices.reduce((sum, d) => sum + d[key], 0);
  return { totalUs: systemUs + total('totalUs'), cpuUs: systemUs + total('cpuUs'), systemUs, devices };
}
