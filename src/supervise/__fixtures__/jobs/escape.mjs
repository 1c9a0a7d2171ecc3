// A job whose child leaves its process group and session (setsid, as `setsid cmd &` or Python's
// start_new_session=True): the child writes its pid to argv[2] and runs until killed. With
// argv[3] 'leave' the job exits half a second later, leaving the child behind; else it stays.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
const [file, mode] = process.argv.slice(2);
const code = `require('fs').writeFileSync(${JSON.stringify(file)}, String(process.pid)); setInterval(() => {}, 1000)`;
spawn(process.execPath, ['-e', code], { detached: true, stdio: 'ignore' }).unref();
const ready = setInterval(() => {
  let pid = '';
  try {
    pid = readFileSync(file, 'utf8');
  } catch {
    return; // not written yet
  }
  if (pid === '') return;
  clearInterval(ready);
  process.stdout.write(`ready ${pid}\n`);
  if (mode === 'leave') setTimeout(() => process.exit(0), 500);
}, 20);
setInterval(() => {}, 1000);
