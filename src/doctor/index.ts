// gpuwise doctor and guide — the library. `runDoctor(env, inputs, options)` checks every layer of
// the GPU stack and returns a typed report; renderers turn it into text, JSON or a fix script;
// `buildGuide(topic, report)` writes install steps tailored to the machine.

export { runDoctor, verdictOf, type RunDoctorOptions } from './report/run.js';
export {
  allChecks,
  findCheck,
  DOCTOR_REPORT_SCHEMA_VERSION,
  type DoctorReport,
  type MachineSummary,
  type PythonSummary,
  type Verdict,
} from './report/report.js';
export { renderDoctorText, verdictText, type Colors, type RenderTextOptions } from './report/render-text.js';
export { localize, localizeReport, renderDoctorJson, type LocalizedDoctorReport, type LocalizedMessage } from './report/localize.js';
export { renderFixScript, type FixScript, type FixScriptOptions } from './fixes/script.js';
export { buildGuide } from './guide/build.js';
export { renderGuideJson, renderGuideText } from './guide/render.js';
export { GUIDE_TOPICS, isGuideTopic, type Guide, type GuideStep, type GuideStepState, type GuideTopic } from './guide/types.js';
export { createNodeDoctorEnv, createNodeFs, type DoctorEnv, type DoctorFs, type FileStat, type FsResult } from './env.js';
export {
  gpuInputsFromChain,
  NO_INPUTS,
  pciInputFromScan,
  type DoctorGpuInputs,
  type DoctorInputs,
  type DoctorPciDevice,
  type DoctorPciInput,
} from './inputs.js';
export type { DoctorProgressEvent } from './facts/index.js';
export { ALL_CHECKS } from './checks/index.js';
export { LAYERS, type CheckResult, type CheckStatus, type Fix, type FixStep, type Layer, type Message } from './types.js';
