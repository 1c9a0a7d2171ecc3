// A job with a grandchild: both note the signals they get in argv[2] (a file), then exit. The
// grandchild is a second node process that the job does not wait for, as DataLoader workers.
import { appendFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
const file = process.argv[2];
const role = process.argv[3] ?? 'child';
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    appendFileSync(file, `${role} ${signal}\n`);
    process.exit(role === 'child' ? 3 : 0);
  });
}
if (role === 'child') {
  const grandchild = spawn(process.execPath, [new URL(import.meta.url).pathname, file, 'grandchild'], { stdio: ['ignore', 'inherit', 'inherit'] });
  grandchild.unref();
}
setTimeout(() => process.stdout.write(`${role} ready ${process.pid}\n`), role === 'child' ? 300 : 0);
setInterval(() => {}, 1000);
