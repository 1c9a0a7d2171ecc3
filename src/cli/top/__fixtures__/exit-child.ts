// A process that enters the terminal session and then leaves in the way argv[2] says (a crash,
// a rejected promise, SIGTERM, a plain exit), for exit-hooks.test.ts to check what it wrote.
import { writeSync } from 'node:fs';
import { installExitHooks } from '../exit-hooks.js';
import { TerminalSession } from '../terminal-session.js';

const terminal = new TerminalSession({ input: { resume: () => {}, pause: () => {} }, writeSync: (text) => void writeSync(1, text), mouse: true });
const hooks = installExitHooks({
  restore: () => terminal.restore(),
  onQuitSignal: (signal, code) => {
    terminal.restore();
    writeSync(1, `[quit ${signal}]`);
    process.exit(code);
  },
  report: (error) => void writeSync(2, `reported: ${error instanceof Error ? error.message : String(error)}\n`),
  suspend: () => {},
  resume: () => {},
});
terminal.enter();
const how = process.argv[2];
setTimeout(() => {
  if (how === 'throw') throw new Error('boom in a timer');
  if (how === 'reject') void Promise.reject(new Error('rejected'));
  if (how === 'sigterm') process.kill(process.pid, 'SIGTERM');
  if (how === 'exit') process.exit(3);
  if (how === 'crash-helper') hooks.crash(new Error('subscriber failed'));
}, 10);
setTimeout(() => {}, 5000);
