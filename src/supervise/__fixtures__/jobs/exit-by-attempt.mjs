// Exits with the code given for this attempt (argv[2] = "1,1,0": fail, fail, succeed), after
// printing its attempt and arguments on stdout and a line on stderr.
const codes = (process.argv[2] ?? '0').split(',').map(Number);
const attempt = Number(process.env.GPUWISE_RUN_ATTEMPT ?? '1');
process.stdout.write(`attempt ${attempt} args ${JSON.stringify(process.argv.slice(3))}\n`);
process.stderr.write(`attempt ${attempt} stderr\n`);
process.exitCode = codes[Math.min(attempt, codes.length) - 1] ?? 0;
