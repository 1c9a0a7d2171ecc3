// Ignores SIGINT and SIGTERM (a job stuck in a collective), says so, and runs until SIGKILL.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.stderr.write(`ignored ${signal}\n`));
process.stdout.write('ready\n');
setInterval(() => {}, 1000);
