// Alternates stdout and stderr lines with a pause between them, then exits 0.
const count = Number(process.argv[2] ?? '20');
let i = 0;
const timer = setInterval(() => {
  (i % 2 === 0 ? process.stdout : process.stderr).write(`seq ${i}\n`);
  if (++i >= count) clearInterval(timer);
}, 15);
