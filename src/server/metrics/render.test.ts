import { describe, expect, it } from 'vitest';
import { safeText } from '../../core/safe-text.js';
import type { Sample } from '../../monitor/sampler.js';
import { translate } from '../../i18n/index.js';
import { parseExposition, type ParsedSeries } from './__fixtures__/parse.js';
import { recordedSample } from './__fixtures__/samples.js';
import { MAX_COMMAND_LABEL_CHARS } from './process-families.js';
import { renderMetrics, renderMetricsBytes, type RenderMetricsInput } from './render.js';

const h100 = () => recordedSample('metrics-8x-h100');

function scrape(sample: Sample | null, options: Partial<RenderMetricsInput> = {}) {
  const body = renderMetrics({ sample, hostname: 'node-1', perProcess: false, nowMs: (sample?.wallMs ?? 0) + 1000, ...options });
  return { body, ...parseExposition(body) };
}

const named = (series: ParsedSeries[], name: string, labels: Record<string, string> = {}) =>
  series.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('renderMetrics', () => {
  it('writes dcgm-exporter names, units and labels for the fields both have', () => {
    const { series, types } = scrape(h100());
    const [temp] = named(series, 'DCGM_FI_DEV_GPU_TEMP', { gpu: '3' });
    expect(temp?.labels).toEqual({
      gpu: '3', UUID: expect.stringMatching(/^GPU-/), pci_bus_id: expect.stringMatching(/^00000000:/), device: 'nvidia3',
      modelName: 'NVIDIA H100 80GB HBM3', Hostname: 'node-1', DCGM_FI_DRIVER_VERSION: '550.90.07',
    });
    const device = h100().snapshot.devices[0]!;
    // MiB, whole, like DCGM's int64 field; bytes in gpuwise's own series.
    expect(named(series, 'DCGM_FI_DEV_FB_USED', { gpu: '0' })[0]?.value).toBe(Math.floor(device.memoryUsedBytes! / 2 ** 20));
    expect(named(series, 'gpuwise_gpu_memory_used_bytes', { gpu: '0' })[0]?.value).toBe(device.memoryUsedBytes);
    expect(named(series, 'DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION', { gpu: '0' })[0]?.value).toBe(Math.round(device.energyConsumedJoules! * 1000));
    expect(named(series, 'DCGM_FI_PROF_PIPE_TENSOR_ACTIVE', { gpu: '0' })[0]?.value).toBeCloseTo(device.tensorActivePercent! / 100, 10);
    expect(types.get('DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION')).toBe('counter');
    expect(types.get('DCGM_FI_DEV_GPU_TEMP')).toBe('gauge');
    // Not both names for one reading in one unit.
    expect(named(series, 'gpuwise_gpu_temperature_celsius')).toEqual([]);
    expect(named(series, 'DCGM_FI_DEV_GPU_TEMP')).toHaveLength(8);
  });

  it('leaves out what is unavailable: no NaN, no sentinel, no series', () => {
    const sample = h100();
    const gpu = sample.snapshot.devices[2]!;
    gpu.temperatureCelsius = null;
    gpu.unavailable.temperatureCelsius = 'not-supported';
    gpu.powerDrawWatts = Number.NaN; // a bug upstream must still not reach Prometheus
    gpu.smClockMhz = Number.POSITIVE_INFINITY;
    gpu.throttleTimePercent = null;
    const { body, series } = scrape(sample);
    expect(named(series, 'DCGM_FI_DEV_GPU_TEMP', { gpu: '2' })).toEqual([]);
    expect(named(series, 'DCGM_FI_DEV_POWER_USAGE', { gpu: '2' })).toEqual([]);
    expect(named(series, 'DCGM_FI_DEV_SM_CLOCK', { gpu: '2' })).toEqual([]);
    expect(named(series, 'gpuwise_gpu_throttle_time_percent', { gpu: '2' })).toEqual([]);
    expect(named(series, 'DCGM_FI_DEV_GPU_TEMP')).toHaveLength(7);
    expect(body).not.toMatch(/NaN|Inf|4294967295|18446744073709551615/);
    // The fan is not supported on these GPUs: its family is not written at all, not even HELP.
    expect(body).not.toContain('gpuwise_gpu_fan_speed_percent');
  });

  it('says a GPU is lost without inventing its readings', () => {
    const sample = h100();
    const gpu = sample.snapshot.devices[5]!;
    Object.assign(gpu, { state: 'lost', stateDetail: 'GPU_IS_LOST', temperatureCelsius: null, memoryUsedBytes: null, gpuUtilPercent: null });
    const { series } = scrape(sample);
    expect(named(series, 'gpuwise_gpu_up', { gpu: '5' })[0]?.value).toBe(0);
    expect(named(series, 'gpuwise_gpu_state', { gpu: '5', state: 'lost' })[0]?.value).toBe(1);
    expect(named(series, 'gpuwise_gpu_state', { gpu: '5', state: 'ok' })[0]?.value).toBe(0);
    expect(named(series, 'gpuwise_gpu_up', { gpu: '4' })[0]?.value).toBe(1);
    expect(named(series, 'DCGM_FI_DEV_GPU_UTIL', { gpu: '5' })).toEqual([]);
    expect(named(series, 'gpuwise_gpu_processes', { gpu: '5' })).toEqual([]);
  });

  it('keeps per-process series behind the flag, and counts processes either way', () => {
    const off = scrape(h100());
    expect(off.series.filter((s) => s.name.startsWith('gpuwise_process_'))).toEqual([]);
    expect(named(off.series, 'gpuwise_gpu_processes', { gpu: '0' })[0]?.value).toBe(1);
    const on = scrape(h100(), { perProcess: true });
    const memory = named(on.series, 'gpuwise_process_gpu_memory_used_bytes');
    expect(memory).toHaveLength(8);
    expect(memory[0]?.labels).toMatchObject({ gpu: '0', pid: '120431', name: 'python3', user: 'alice', type: 'compute' });
  });

  it('carries hostile process names in labels escaped, visible and unable to forge a line', () => {
    const sample = h100();
    const hostile = 'x"} 1\nDCGM_FI_DEV_GPU_TEMP{gpu="0"} 999\n\u001b]0;pwned\u0007\u202etxt.exe\\';
    Object.assign(sample.snapshot.processes[0]!, { name: hostile, user: 'eve\r\n', command: `${hostile} ${'é'.repeat(500)}😀` });
    const { body, series } = scrape(sample, { perProcess: true });
    // eslint-disable-next-line no-control-regex
    expect(body).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(named(series, 'DCGM_FI_DEV_GPU_TEMP', { gpu: '0' }).map((s) => s.value)).not.toContain(999);
    const [row] = named(series, 'gpuwise_process_gpu_memory_used_bytes', { pid: '120431' });
    expect(row?.labels.name).toBe(safeText(hostile));
    expect(row?.labels.user).toBe('eve\\r\\n');
    const command = row!.labels.command!;
    expect(Array.from(command).length).toBeLessThanOrEqual(MAX_COMMAND_LABEL_CHARS + 40); // escapes lengthen it a little
    expect(command.endsWith('…')).toBe(true);
    expect(command).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/); // no half of a surrogate pair
  });

  it('writes one series when a backend lists a process twice', () => {
    const sample = h100();
    sample.snapshot.processes.push({ ...sample.snapshot.processes[0]! });
    const { series } = scrape(sample, { perProcess: true });
    expect(named(series, 'gpuwise_process_gpu_memory_used_bytes', { pid: '120431' })).toHaveLength(1);
    expect(named(series, 'gpuwise_gpu_processes', { gpu: '0' })[0]?.value).toBe(2);
  });

  it('writes MIG memory per instance with GPU_I_PROFILE and GPU_I_ID, not the GPU and its instances both', () => {
    const { series } = scrape(recordedSample('metrics-a100-mig'));
    const used = named(series, 'DCGM_FI_DEV_FB_USED');
    expect(used.map((s) => [s.labels.GPU_I_PROFILE, s.labels.GPU_I_ID])).toEqual([['3g.20gb', '2'], ['2g.10gb', '3'], ['1g.5gb', '9'], ['1g.5gb', '10']]);
    expect(named(series, 'gpuwise_gpu_memory_used_bytes')).toHaveLength(1);
    expect(named(series, 'gpuwise_mig_memory_total_bytes', { GPU_I_ID: '2' })[0]?.value).toBe(20937965568);
    // MIG mode has no GPU utilisation on A100 (NOT_SUPPORTED): absent, not 0.
    expect(named(series, 'DCGM_FI_DEV_GPU_UTIL')).toEqual([]);
  });

  it('on a machine without a GPU says which backends were tried and why they failed', () => {
    const sample = h100();
    Object.assign(sample.snapshot, {
      backend: null, capabilities: null, devices: [], processes: [],
      backendAttempts: [
        { backend: 'nvml', ok: false, code: 'library-not-found', detail: 'libnvidia-ml.so.1' },
        { backend: 'nvidia-smi', ok: false, code: 'library-not-found', detail: 'not on PATH' },
      ],
    });
    const { series } = scrape(sample);
    expect(named(series, 'gpuwise_backend_up').map((s) => [s.labels.backend, s.labels.reason, s.value])).toEqual([
      ['nvml', 'library-not-found', 0], ['nvidia-smi', 'library-not-found', 0],
    ]);
    expect(named(series, 'gpuwise_gpus')[0]?.value).toBe(0);
    expect(named(series, 'gpuwise_collector_success', { collector: 'gpu' })[0]?.value).toBe(0);
    expect(series.filter((s) => s.name.startsWith('DCGM_'))).toEqual([]);
  });

  it('before the first sample answers a valid body that says no sample was taken', () => {
    const { series } = scrape(null, { collectors: [{ collector: 'recorder', success: true, durationSeconds: 0.002 }] });
    expect(series.map((s) => [s.name, s.value])).toEqual([
      ['gpuwise_sampler_samples_total', 0], ['gpuwise_collector_success', 1], ['gpuwise_collector_duration_seconds', 0.002],
    ]);
  });

  it('reports each collector once, the caller\'s after the sampler\'s', () => {
    const { series } = scrape(h100(), { collectors: [{ collector: 'recorder', success: false }, { collector: 'gpu', success: false }] });
    expect(named(series, 'gpuwise_collector_success').map((s) => [s.labels.collector, s.value])).toEqual([
      ['gpu', 1], ['host', 1], ['processes', 1], ['recorder', 0],
    ]);
    expect(named(series, 'gpuwise_collector_duration_seconds', { collector: 'gpu' })[0]?.value).toBe(0.00325);
    expect(named(series, 'gpuwise_collector_duration_seconds', { collector: 'recorder' })).toEqual([]);
  });

  it('says how old each GPU\'s figures are: a GPU read apart shows its answer\'s age, not a fresh sample\'s', () => {
    const sample = h100();
    // GPU 2 answers slowly: this reading shows its newest answer, whose read began 16 s ago.
    sample.snapshot.devices[2]!.readingAgeMs = 16_000;
    sample.snapshot.devices[5]!.state = 'lost';
    const { series } = scrape(sample, { nowMs: sample.wallMs + 500 });
    const age = named(series, 'gpuwise_gpu_reading_age_seconds');
    expect(age.find((s) => s.labels.gpu === '0')).toMatchObject({ value: 0.5, labels: { UUID: expect.stringMatching(/^GPU-/), Hostname: 'node-1' } });
    expect(age.find((s) => s.labels.gpu === '2')?.value).toBe(16.5);
    // A GPU without figures has no age to give.
    expect(age.map((s) => s.labels.gpu)).toEqual(['0', '1', '2', '3', '4', '6', '7']);
    expect(named(series, 'gpuwise_sample_age_seconds')[0]?.value).toBe(0.5);
  });

  it('serves the body built for a sample until the next sample; only the age moves', () => {
    const sample = h100();
    const first = scrape(sample, { nowMs: sample.wallMs + 100 });
    sample.snapshot.devices[0]!.temperatureCelsius = 99; // samples are immutable; this shows the cache
    const again = scrape(sample, { nowMs: sample.wallMs + 900 });
    expect(named(again.series, 'DCGM_FI_DEV_GPU_TEMP', { gpu: '0' })[0]?.value).toBe(named(first.series, 'DCGM_FI_DEV_GPU_TEMP', { gpu: '0' })[0]?.value);
    expect(named(first.series, 'gpuwise_sample_age_seconds')[0]?.value).toBe(0.1);
    expect(named(again.series, 'gpuwise_sample_age_seconds')[0]?.value).toBe(0.9);
    const next = { ...structuredClone(sample), seq: sample.seq + 1 };
    expect(named(scrape(next).series, 'DCGM_FI_DEV_GPU_TEMP', { gpu: '0' })[0]?.value).toBe(99);
    // Options are part of the key: per-process series appear at once when asked for.
    expect(scrape(sample, { perProcess: true }).body).toContain('gpuwise_process_gpu_memory_used_bytes');
  });

  it('gives the same body as UTF-8 bytes, scrape after scrape, with the age moving', () => {
    const sample = h100();
    Object.assign(sample.snapshot.processes[0]!, { name: 'träin…😀' });
    const input = { sample, hostname: 'node-1', perProcess: true };
    for (const nowMs of [sample.wallMs + 100, sample.wallMs + 2500]) {
      const bytes = renderMetricsBytes({ ...input, nowMs });
      expect(Buffer.from(bytes).toString('utf8')).toBe(renderMetrics({ ...input, nowMs }));
    }
    expect(Buffer.from(renderMetricsBytes({ sample: null, hostname: 'n', perProcess: false })).toString()).toBe(renderMetrics({ sample: null, hostname: 'n', perProcess: false }));
  });

  it('has a HELP and a TYPE for every family, in English, from the catalog (zh-CN there too)', () => {
    const { series, help, types } = scrape(recordedSample('metrics-8x-h100'), { perProcess: true, collectors: [{ collector: 'x', success: true }] });
    const mig = scrape(recordedSample('metrics-a100-mig'));
    for (const name of new Set([...series, ...mig.series].map((s) => s.name))) {
      const text = help.get(name) ?? mig.help.get(name);
      expect(text, name).toMatch(/^[A-Z][^\n]*\.$/);
      expect(types.get(name) ?? mig.types.get(name), name).toMatch(/^(gauge|counter)$/);
    }
    expect(translate('zh-CN', 'metrics.help.gpuwise_gpu_up')).not.toBe(translate('en', 'metrics.help.gpuwise_gpu_up'));
  });
});
