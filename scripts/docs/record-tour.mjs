// Writes docs/tour.md: a new user's first session, in English and in Chinese, from the real
// commands of the built CLI over the fake NVML (4 RTX A6000 with this machine's processes on
// them). Run after `npm run build && npm run build:fake-nvml`:
//   node scripts/docs/record-tour.mjs
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'gpuwise.mjs');

/** Two real processes stand in for a training job and a notebook, so `info` shows users and commands. */
const job = spawn('python3', ['-c', 'import time; time.sleep(600)'], { stdio: 'ignore' });
const notebook = spawn('sleep', ['600'], { stdio: 'ignore' });
const dir = mkdtempSync(join(tmpdir(), 'gpuwise-tour-'));
const scenario = JSON.parse(readFileSync(join(root, 'test/fake-nvml/scenarios/4gpu-server-load.json'), 'utf8'));
const pids = new Map([[48211, job.pid], [48212, job.pid], [40122, notebook.pid], [51873, job.pid]]);
for (const frame of scenario.timeline) for (const device of frame.devices ?? []) for (const p of device?.processes ?? []) p.pid = pids.get(p.pid) ?? p.pid;
const scenarioFile = join(dir, 'tour.json');
writeFileSync(scenarioFile, JSON.stringify(scenario));

const env = (lang) => ({
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: process.env.HOME ?? '/tmp',
  LANG: lang === 'zh-CN' ? 'zh_CN.UTF-8' : 'en_US.UTF-8',
  COLUMNS: '110',
  NO_COLOR: '1',
  GPUWISE_NVML_LIB: join(root, 'build/fake-nvml/libnvidia-ml.so.1'),
  FAKE_NVML_SCENARIO: scenarioFile,
});

/** [what the user wants, the command's arguments] */
const SESSION = [
  ['What is this?', []],
  ['What GPUs does this machine have, and who is using them?', ['info']],
  ['More about them: clocks, PCIe, ECC.', ['info', '-v']],
  ['A typo.', ['infp']],
  ['Will fine-tuning Llama 3 8B with LoRA fit?', ['estimate', '--model', 'llama-3-8b', '--task', 'finetune', '--method', 'lora']],
  ['Which GPUs would serve it?', ['recommend', '--model', 'llama-3-8b', '--task', 'inference', '--limit', '3']],
  ['Buy an RTX 4090 or rent one?', ['cost', '--gpu', 'rtx-4090']],
  ['How do two GPUs compare?', ['gpus', 'compare', 'a100-sxm4-80gb', 'h100-sxm5-80gb']],
  ['And the help of that command.', ['help', 'gpus', 'compare']],
];

/** A build running at the same time replaces dist/ under a command: wait and run it again. */
function runOnce(args, lang) {
  for (let attempt = 0; ; attempt++) {
    const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, env: env(lang), encoding: 'utf8', timeout: 60_000 });
    const rebuilt = /ERR_MODULE_NOT_FOUND|is not built yet/.test(result.stderr);
    if (!rebuilt || attempt >= 5) return result;
    spawnSync('sleep', ['5']);
  }
}

function run(args, lang) {
  const result = runOnce(args, lang);
  const out = `${result.stdout}${result.stderr}`.trimEnd();
  return `${['$ gpuwise', ...args.map((a) => (/\s/.test(a) ? `"${a}"` : a))].join(' ')}\n${out}\n${result.status === 0 ? '' : `[exit ${result.status}]\n`}`;
}

const ZH_ASKS = ['这是什么？', '这台机器有哪些 GPU，谁在用？', '再详细些：频率、PCIe、ECC。', '打错了命令。', '用 LoRA 微调 Llama 3 8B 放得下吗？', '部署推理用哪些 GPU？', 'RTX 4090 买还是租？', '两块 GPU 比一比。', '再看看这个命令的帮助。'];

function section(lang) {
  return SESSION.map(([ask, args], i) => `**${lang === 'zh-CN' ? ZH_ASKS[i] : ask}**\n\n\`\`\`\n${run(args, lang)}\`\`\`\n`).join('\n');
}

try {
  const page = `# A first session with gpuwise

A new user's first commands, as the built CLI prints them — recorded by
\`node scripts/docs/record-tour.mjs\` over the fake NVML (\`test/fake-nvml\`, scenario
\`4gpu-server-load\`: four RTX A6000 with this machine's processes on them), 110 columns, no colour.
The same session follows in Chinese (\`LANG=zh_CN.UTF-8\`, or \`--lang zh-CN\`).

- [English](#english)
- [中文](#中文)

## English

${section('en')}
## 中文

${section('zh-CN')}`;
  writeFileSync(join(root, 'docs/tour.md'), page);
  console.log('wrote docs/tour.md');
} finally {
  job.kill();
  notebook.kill();
  rmSync(dir, { recursive: true, force: true });
}
