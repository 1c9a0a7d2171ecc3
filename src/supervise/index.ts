// `gpuwise run` as a library: a supervised job (restarts with back-off, logs, failures recognised,
// a GPU report at the end). docs/run.md.
export { runJob, defaultRunDir, type RunJob, type RunJobOptions, type RunJobResult } from './run-job.js';
export { supervise, REAL_CLOCK, DEFAULT_GRACE_MS, type Clock, type Supervisor, type SupervisorEvent, type SupervisorOptions, type RunOutcome, type AttemptRecord, type RunStop } from './supervisor.js';
export { createRestartPolicy, backoffDelay, DEFAULT_POLICY, type RestartMode, type RestartPolicy, type RestartPolicyOptions, type Decision } from './policy.js';
export { createRecognizer, type Recognizer } from './failures/recognize.js';
export { parseCudaOom, cudaOomFixes, type CudaOom } from './failures/cuda-oom.js';
export { parseOomKill, type OomKill } from './failures/kernel-oom.js';
export type { Failure, FailureKind } from './failures/types.js';
export { openJobLogs, type JobLogs } from './job-logs.js';
export { parseGpuSpec, chooseGpus, GpuChoiceError, type GpuSpec } from './gpus.js';
export { buildRunReport, RUN_REPORT_FORMAT, type RunReport, type AttemptReport, type EnergyReport } from './report.js';
export { renderRunReportHtml } from './report-html.js';
export { exitCodeOf, type ExitStatus } from './exit.js';
