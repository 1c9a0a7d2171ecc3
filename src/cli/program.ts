// The `gpuwise` program: its root (program-root.ts) and the list of commands. Each command lives
// in commands/<name>.ts and exports `register(program, cli)` — see docs/cli.md. Keep registration
// light: a command's action should `await import()` its implementation, so that `gpuwise info`
// does not pay for the catalog, the doctor or the server (the bundle is code-split; see
// scripts/build.mjs). A new command goes here and into program-for.ts's table.

import type { Command } from 'commander';
import type { CliContext } from './context.js';
import { register as registerCost } from './commands/cost.js';
import { register as registerDiagnose } from './commands/diagnose.js';
import { register as registerDoctor } from './commands/doctor.js';
import { register as registerEstimate } from './commands/estimate.js';
import { register as registerFleet } from './commands/fleet.js';
import { register as registerGpusCompare } from './commands/gpus-compare.js';
import { register as registerGpus } from './commands/gpus.js';
import { register as registerGuide } from './commands/guide.js';
import { register as registerInfo } from './commands/info.js';
import { register as registerPick } from './commands/pick.js';
import { register as registerRecommend } from './commands/recommend.js';
import { register as registerRun } from './commands/run.js';
import { register as registerServe } from './commands/serve.js';
import { register as registerServers } from './commands/servers.js';
import { register as registerTop } from './commands/top.js';
import { finishProgram, rootProgram, type Register } from './program-root.js';

export { VERSION } from './program-root.js';

const COMMANDS: readonly Register[] = [
  registerInfo,
  registerTop,
  registerPick,
  registerRun,
  registerServe,
  registerFleet,
  registerServers,
  registerGpus,
  registerGpusCompare,
  registerEstimate,
  registerRecommend,
  registerCost,
  registerDoctor,
  registerDiagnose,
  registerGuide,
];

/** The whole program, every command registered (see program-for.ts for one command's). */
export function buildProgram(cli: CliContext): Command {
  const program = rootProgram(cli);
  for (const register of COMMANDS) register(program, cli);
  return finishProgram(program, cli);
}
