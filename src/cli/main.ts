// The `gpuwise` command: parses arguments, hands each subcommand to its own file.
import { Command } from 'commander';

const program = new Command('gpuwise').description('算力助手 gpuwise').version('0.1.0');
await program.parseAsync(process.argv);
