// `gpuwise info -v`: under each GPU's line, what nvidia-smi -q would be opened for — bus id and
// identity, clocks against their maximum, the PCIe link (generation and width against the card's
// best, throughput), ECC mode and counts, power limits, and why the clocks are held back.
// A value the GPU did not give is N/A with the reason (not supported, no permission …).

import type { DeviceMetricField, GpuDevice } from '../../core/snapshot.js';
import type { MessageKey, Translate } from '../../i18n/index.js';
import { displayWidth, fitLine, formatBytes, padEnd } from './format.js';
import { glyphsOf } from './info-device.js';
import type { TextRenderOptions } from './info-text.js';
import { clockReasonText, unavailableReasonText } from './reasons.js';

function missing(device: GpuDevice, field: DeviceMetricField, t: Translate): string {
  const reason = device.unavailable[field];
  return reason ? t('infoDetail.na', { reason: unavailableReasonText(reason, t) }) : t('common.notAvailable');
}

/** `value` as text, or N/A with why. */
function show(device: GpuDevice, field: DeviceMetricField, t: Translate, text: (value: number) => string = String): string {
  const value = device[field];
  return typeof value === 'number' ? text(value) : missing(device, field, t);
}

function clock(device: GpuDevice, key: MessageKey, now: DeviceMetricField, max: DeviceMetricField, t: Translate): string | null {
  if (device[now] === null && device[max] === null) return null;
  return t(key, { now: show(device, now, t), max: show(device, max, t) });
}

/** Two lines: where the GPU is (bus id, UUID), then what it is (VBIOS, architecture). */
function identity(device: GpuDevice, t: Translate, dot: string): string[] {
  const where = [t('infoDetail.bus', { bus: device.pciBusId ?? missing(device, 'pciBusId', t) }), device.uuid === null ? '' : t('infoDetail.uuid', { uuid: device.uuid })];
  const what = [
    device.vbiosVersion === null ? '' : t('infoDetail.vbios', { version: device.vbiosVersion }),
    // NVML's architecture ids are lower case ('ampere'); NVIDIA writes the names capitalised.
    device.architecture === null ? '' : t('infoDetail.arch', { arch: device.architecture.charAt(0).toUpperCase() + device.architecture.slice(1) }),
    device.computeCapability === null ? '' : t('infoDetail.computeCapability', { cc: device.computeCapability }),
  ];
  return [where, what].map((parts) => parts.filter(Boolean).join(` ${dot} `)).filter(Boolean);
}

function pcie(device: GpuDevice, t: Translate, dot: string): string {
  const link = t('infoDetail.pcie.link', {
    gen: show(device, 'pcieLinkGeneration', t),
    genMax: show(device, 'pcieLinkGenerationMax', t),
    width: show(device, 'pcieLinkWidth', t),
    widthMax: show(device, 'pcieLinkWidthMax', t),
  });
  const rate = (value: number) => t('infoDetail.perSecond', { value: formatBytes(value) });
  const rates = t('infoDetail.pcie.rates', { rx: show(device, 'pcieRxBytesPerSecond', t, rate), tx: show(device, 'pcieTxBytesPerSecond', t, rate) });
  return `${link} ${dot} ${rates}`;
}

function ecc(device: GpuDevice, t: Translate, dot: string): string {
  if (device.eccModeCurrent === null) return missing(device, 'eccModeCurrent', t);
  const mode = (on: boolean) => t(on ? 'infoDetail.ecc.on' : 'infoDetail.ecc.off');
  const parts = [mode(device.eccModeCurrent)];
  if (device.eccModePending !== null && device.eccModePending !== device.eccModeCurrent) parts.push(t('infoDetail.ecc.pending', { mode: mode(device.eccModePending) }));
  const counts = device.eccErrors;
  if (device.eccModeCurrent && counts) {
    const n = (value: number | null) => (value === null ? t('common.notAvailable') : String(value));
    parts.push(
      t('infoDetail.ecc.counts', {
        corrected: n(counts.correctedVolatile),
        uncorrected: n(counts.uncorrectedVolatile),
        correctedAll: n(counts.correctedAggregate),
        uncorrectedAll: n(counts.uncorrectedAggregate),
      }),
    );
  }
  return parts.join(` ${dot} `);
}

function power(device: GpuDevice, t: Translate): string {
  const watts = (value: number) => `${Math.round(value)} W`;
  return t('infoDetail.power.limits', {
    draw: show(device, 'powerDrawWatts', t, watts),
    limit: show(device, 'powerLimitWatts', t, watts),
    default: show(device, 'powerLimitDefaultWatts', t, watts),
  });
}

function throttle(device: GpuDevice, t: Translate): string {
  if (device.clockEventReasons === null) return missing(device, 'clockEventReasons', t);
  const reasons = device.clockEventReasons.filter((reason) => reason !== 'gpu-idle');
  return reasons.length === 0 ? t('infoDetail.throttle.none') : reasons.map((reason) => clockReasonText(reason, t)).join(t('cli.help.listSeparator'));
}

export function renderDeviceDetail(device: GpuDevice, options: TextRenderOptions): string[] {
  const { t, color, width } = options;
  if (device.state !== 'ok') return [];
  const { dot } = glyphsOf(options);
  const clocks = [
    clock(device, 'infoDetail.clock.sm', 'smClockMhz', 'smClockMaxMhz', t),
    clock(device, 'infoDetail.clock.memory', 'memoryClockMhz', 'memoryClockMaxMhz', t),
    clock(device, 'infoDetail.clock.graphics', 'graphicsClockMhz', 'graphicsClockMaxMhz', t),
  ].filter((part): part is string => part !== null);
  const rows: [string, string][] = [
    [t('infoDetail.clocks'), clocks.length > 0 ? clocks.join(` ${dot} `) : missing(device, 'smClockMhz', t)],
    [t('infoDetail.pcie'), pcie(device, t, dot)],
    [t('infoDetail.ecc'), ecc(device, t, dot)],
    [t('infoDetail.power'), power(device, t)],
    [t('infoDetail.throttle'), throttle(device, t)],
  ];
  // Why each process line's GPU memory is N/A on a Windows desktop GPU (the line has no room to say).
  if (device.driverModel === 'WDDM') rows.push([t('infoDetail.processMemory'), t('infoDetail.processMemory.wddm')]);
  const labelWidth = rows.reduce((w, [label]) => Math.max(w, displayWidth(label)), 0);
  const lines = [...identity(device, t, dot).map((line) => `    ${color.dim(line)}`), ...rows.map(([label, value]) => `    ${color.dim(padEnd(label, labelWidth))}  ${value}`)];
  return lines.map((line) => fitLine(line, width, options.ascii));
}
