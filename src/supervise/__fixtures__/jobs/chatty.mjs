// Writes argv[2] numbered lines to stdout (as fast as it can, synchronously), one line without a
// newline, then "ready" on stderr, and waits to be killed.
import { writeSync } from 'node:fs';
const count = Number(process.argv[2] ?? '1000');
for (let i = 0; i < count; i++) writeSync(1, `line ${i} \u001b[32mgreen\u001b[0m\n`);
writeSync(1, 'partial without newline');
writeSync(1, Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x0a]));
writeSync(2, 'ready\n');
setInterval(() => {}, 1000);
