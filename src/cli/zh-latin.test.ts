// Chinese all the way through: every command's help, and a typical usage error of each, rendered
// in zh-CN, may hold Latin words only from a short list (product and technical names, units).
// The commands are found by walking the program, so a command added tomorrow is checked too.

import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { collectingContext, runCliInProcess } from '../../test/helpers/cli-context.js';
import { BACKEND_IDS } from '../backends/registry.js';
import { buildProgram } from './program.js';
import { commandPath } from './usage-errors.js';

/** Names a Chinese text keeps as they are: products, standards, units, file formats. */
const ALLOWED = new Set(
  `GPU GPUs CPU CUDA NVML NVIDIA AMD Intel ROCm HIP PCI PCIe NVLink NVSwitch MIG ECC SM SMs HBM GDDR RAM DRAM VRAM SSD NVMe
   REST API SSE JSON NDJSON HTML CSV XML SVG URL HTTP HTTPS TLS SSH Prometheus Grafana Kubernetes Docker Podman Helm systemd
   PyTorch TensorFlow JAX LoRA QLoRA ZeRO FSDP DeepSpeed KV MoE LLM tokens token TP PP DP
   Linux Windows macOS WSL Ubuntu Debian RHEL Rocky CentOS Fedora Arch Apple Metal Gaudi Instinct Radeon GeForce RTX Quadro Tesla
   nvidia-smi nvcc nvitop htop gpustat gpuwise amd-smi rocm-smi xpu-smi conda pip Python python apt dnf yum
   ID UUID PID TDP MHz GHz GiB MiB KiB GB MB TB W kW kWh V ms s h min TFLOPS FLOPS TOPS FP BF TF INT SXM OAM NUMA IOMMU
   USD CNY EUR DGX HGX Epoch AI SR-IOV VF P2P IP IPv IPv6 TCP UDP Xid DCGM OOM OS Node Redis SQLite VS Code Jupyter Slurm
   zh-CN en nvml pci static auto compact full
   ASCII Unicode UTF Unix Ctrl-C Bearer SIGKILL SIGTERM SIGINT stdout stderr lspci http https batch llama Transformer MLP SwiGLU Hugging Face PUE TFLOP FLOPs
   N/A`.split(/\s+/).filter(Boolean),
);

/**
 * Words a user types as values (vendor ids, segments, guide topics, `docker info`) — listed in a
 * help text as they must be typed. Commands' names and options' choices are added from the tree.
 */
const TYPED_VALUES = 'nvidia amd intel huawei datacenter workstation consumer driver cuda cudnn pytorch tensorflow jax docker rocm info verify on-failure always never'.split(' ');

/** Parts a reader types or sees verbatim: flags, placeholders, quoted values, paths, commands. */
function stripVerbatim(text: string): string {
  return (
    text
      .replace(/`[^`]*`/g, ' ')
      .replace(/"[^"]*"/g, ' ')
      .replace(/“[^”]*”/g, (m) => (/[\u4e00-\u9fff]/.test(m) ? m : ' '))
      .replace(/<[^>]*>/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/(^|[\s（(，、：])--?[\w-]+(=\S*)?/g, '$1 ')
      // Paths, URLs, file names, versions, profiles (1g.5gb), env assignments, model ids.
      .replace(/\S*[/.=_]\S*/g, ' ')
      .replace(/\b\w*\d\w*\b/g, ' ')
  );
}

function latinWords(text: string, vocabulary: ReadonlySet<string> = new Set()): string[] {
  const words = stripVerbatim(text).match(/[A-Za-z][A-Za-z'-]*/g) ?? [];
  const known = (word: string) => ALLOWED.has(word) || vocabulary.has(word) || /^[A-Za-z]$/.test(word);
  return words.filter((word) => !known(word) && !known(word.replace(/-$/, '')));
}

/** The CLI's own vocabulary: every command's name and alias, every choice an option offers. */
function vocabularyOf(commands: readonly Command[]): Set<string> {
  const words = new Set([...TYPED_VALUES, ...BACKEND_IDS]);
  for (const command of commands) {
    for (const name of [command.name(), ...command.aliases()]) words.add(name);
    for (const option of command.options) for (const choice of option.argChoices ?? []) for (const part of [choice, ...choice.split(/[-_.]/)]) words.add(part);
  }
  return words;
}

function allCommands(root: Command): Command[] {
  const out: Command[] = [];
  const visit = (command: Command) => {
    out.push(command);
    for (const sub of command.commands) visit(sub);
  };
  visit(root);
  return out;
}

async function errorOf(args: string[]): Promise<string> {
  return (await runCliInProcess(args, 'zh-CN')).err;
}

const program = buildProgram(collectingContext('zh-CN'));
const commands = allCommands(program);
const paths = commands.map((command) => commandPath(command).split(' ').slice(1));
const vocabulary = vocabularyOf(commands);

describe('zh-CN has no stray English', () => {
  it('walks more than the handful of commands that existed when it was written', () => {
    expect(commands.length).toBeGreaterThan(10);
  });

  it.each(paths.map((path) => [path.join(' ') || '(gpuwise)', path] as const))('help of %s', (_name, path) => {
    const command = commands[paths.findIndex((p) => p.join(' ') === path.join(' '))]!;
    const help = command.helpInformation();
    expect(help).toMatch(/^用法：/);
    expect(latinWords(help, vocabulary), help).toEqual([]);
  });

  it.each(paths.map((path) => [path.join(' ') || '(gpuwise)', path] as const))('an unknown option of %s', async (_name, path) => {
    const text = await errorOf([...path, '--zz-not-an-option']);
    expect(text).toMatch(/^错误：/);
    // The hint names this command's own help.
    expect(text).toContain(`gpuwise${path.length ? ` ${path.join(' ')}` : ''} --help`);
    expect(latinWords(text, vocabulary), text).toEqual([]);
  });

  it.each(
    commands.flatMap((command, i) =>
      command.options.filter((option) => option.argChoices).map((option) => [`${paths[i]!.join(' ')} ${option.long}`, [...paths[i]!, option.long!, 'zz-bad']] as const),
    ),
  )('a value outside the choices of %s', async (_name, args) => {
    const text = await errorOf([...args]);
    expect(text).toMatch(/^错误：/);
    expect(latinWords(text, vocabulary), text).toEqual([]);
  });

  it('the checker itself finds English', () => {
    expect(latinWords('显示 the help（默认 auto）')).toEqual(['the', 'help']);
    expect(latinWords('运行 `gpuwise cost --help` 查看 --gpu <id> 与 "x y" docs/cli.md')).toEqual([]);
  });
});

describe('zh-CN speaks in one voice', () => {
  it('addresses the reader as 你 everywhere, never 您', async () => {
    const { CATALOG } = await import('../i18n/catalog.js');
    expect(Object.entries(CATALOG['zh-CN']).filter(([, text]) => text.includes('您')).map(([key]) => key)).toEqual([]);
  });
});
