// The fleet view's data: what `gpuwise fleet`, /api/v1/fleet/* and the dashboard's fleet pages
// show, read back from the Prometheus that scrapes every node's `gpuwise serve` (docs/fleet.md).
// Missing readings are null, never 0.

export interface FleetGpu {
  gpu: string;
  uuid: string | null;
  model: string | null;
  /** ok, lost or error (gpuwise_gpu_state); null for a node only dcgm-exporter reports. */
  state: 'ok' | 'lost' | 'error' | null;
  utilPercent: number | null;
  memoryUsedBytes: number | null;
  memoryTotalBytes: number | null;
  /** Processes holding it (gpuwise_gpu_processes); null when the node does not list them. */
  processes: number | null;
}

export interface FleetNode {
  /** Prometheus's instance label: host:port of the node's exporter. */
  instance: string;
  job: string;
  /** The node's own name (the Hostname label). */
  hostname: string | null;
  /** Whether Prometheus's last scrape of it worked (up); null when it has no up series. */
  up: boolean | null;
  gpus: FleetGpu[];
}

export interface FleetProcess {
  pid: string | null;
  name: string | null;
  user: string | null;
  namespace: string | null;
  pod: string | null;
  container: string | null;
  memoryUsedBytes: number | null;
}

export interface IdleAllocatedGpu {
  instance: string;
  hostname: string | null;
  gpu: string;
  /** Highest utilisation over the idle window (under the threshold). */
  maxUtilPercent: number;
  processes: FleetProcess[];
}

export interface GpuHours {
  /** user (+ namespace) or node, as the entry is keyed. */
  key: Record<string, string>;
  gpuHours: number;
  /**
   * Where the figure comes from: `recorded`, the recording rules alone; `raw`, estimated from the
   * raw series (the rules had recorded nothing of it); `mixed`, the rules' part plus the raw
   * series' for the part of the range before the rules began.
   */
  source: 'recorded' | 'raw' | 'mixed';
}

/** How one GPU-hours list was read. */
export interface GpuHoursBasis {
  /** From when the recording rules cover the range (ISO 8601); null: none of it (all from raw series). */
  recordedFrom: string | null;
  /** Seconds at the start of the range read from the raw series instead: 0 when the rules cover it all. */
  rawSeconds: number;
}

export interface FleetAlert {
  name: string;
  state: 'firing' | 'pending';
  severity: string | null;
  labels: Record<string, string>;
  summary: string | null;
  activeAt: string | null;
}

export interface FleetSummary {
  prometheus: string;
  /** When the instant queries were evaluated (ISO 8601). */
  at: string;
  rangeSeconds: number;
  idleWindowSeconds: number;
  nodes: FleetNode[];
  idle: IdleAllocatedGpu[];
  topUsers: GpuHours[];
  topNodes: GpuHours[];
  alerts: FleetAlert[];
  /** Which GPU-hours came from the recording rules (faster) rather than raw series (alone). */
  usedRecordingRules: { users: boolean; nodes: boolean };
  /** Which part of the range each list read from the recording rules and which from raw series. */
  gpuHoursBasis: { users: GpuHoursBasis; nodes: GpuHoursBasis };
}

export interface FleetHeatmap {
  start: number;
  end: number;
  stepSeconds: number;
  /** Unix seconds of each column. */
  times: number[];
  rows: { instance: string; hostname: string | null; values: (number | null)[] }[];
}
