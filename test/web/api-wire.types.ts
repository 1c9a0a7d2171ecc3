// Compile-time only (no test runs it): the dashboard's mirrors of the server's answer types
// (web/src/api/types.ts) must stay assignable both ways to the originals, which the browser's
// typecheck cannot load (their imports reach Node-only code). Checked by the root typecheck.

import type * as Web from '../../web/src/api/types.js';
import type { HistoryAnswer, StoredProcess, StoreStats, HistoryTier } from '../../src/store/types.js';
import type { Sample } from '../../src/monitor/sampler.js';
import type { DeviceEntry } from '../../src/server/routes/devices.js';
import type { HealthStatus, RecordingAnswer } from '../../src/server/routes/health.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checks: [
  Same<Web.HistoryAnswer, HistoryAnswer>,
  Same<Web.HistoryTier, HistoryTier>,
  Same<Web.StoredProcess, StoredProcess>,
  Same<Web.StoreStats, StoreStats>,
  Same<Web.DeviceEntry, DeviceEntry>,
  Same<Web.HealthStatus, HealthStatus>,
  Same<Web.HealthRecording, RecordingAnswer>,
  Same<Web.SampleAnswer, Omit<Sample, 'monotonicMs'> & { monotonicMs?: number }>,
] = [true, true, true, true, true, true, true, true];
void checks;
