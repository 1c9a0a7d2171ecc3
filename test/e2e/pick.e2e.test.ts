// `gpuwise pick` as a user runs it: the built CLI over the fake NVML, in a shell's
// `CUDA_VISIBLE_DEVICES=$(gpuwise pick …)`, with busy, momentarily idle and free GPUs, and MIG.

import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClaims } from '../../src/pick/claims-folder.js';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { ensureBuilt, gpuwise, shell } from './run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'gpuwise-pick-e2e-'));
let folders = 0;
/**
 * A claim folder of its own: a pick whose stdout is not a terminal claims what it prints for a
 * minute, and the next test's pick would find those GPUs taken.
 */
const ownClaims = () => ({ GPUWISE_CLAIMS_DIR: join(work, `claims-${folders++}`) });
/** Step mode: each read is the scenario's next frame, so the window's reads are known. */
const stepped = (scenario: string, claims: { GPUWISE_CLAIMS_DIR: string } = ownClaims()) => ({ ...fakeNvmlEnv(scenarioPath(scenario), { step: true }), ...claims });
/** The claims in a folder: claim key → the claimer's PID. */
const claimsIn = ({ GPUWISE_CLAIMS_DIR: dir }: { GPUWISE_CLAIMS_DIR: string }) => {
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.claim')) : [];
  return new Map(files.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { key: string; pid: number }).map((claim) => [claim.key, claim.pid]));
};
const [, , GPU2, GPU3] = (JSON.parse(readFileSync(scenarioPath('pick-mixed'), 'utf8')) as { devices: { uuid: string }[] }).devices.map((device) => device.uuid);

beforeAll(ensureBuilt, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('gpuwise pick', () => {
  it('prints only the free GPUs, best first, in a form the shell hands to CUDA_VISIBLE_DEVICES', () => {
    const result = shell('CUDA_VISIBLE_DEVICES=$($GPUWISE pick -n 2 --window 0) sh -c \'echo "[$CUDA_VISIBLE_DEVICES]"\'', stepped('pick-mixed'));
    expect(result.stdout).toBe('[2,3]\n');
    expect(result.stderr).toBe('');
    const uuids = gpuwise(['pick', '--uuid', '--window', '0'], stepped('pick-mixed'));
    expect(uuids).toMatchObject({ code: 0, stdout: 'GPU-a47f2c19-8e35-4d60-b1a9-3f8c5d7e2c03\n', stderr: '' });
  });

  it('does not take a GPU that was idle at one instant of the window', () => {
    // GPU 1 lists no process and reads 0 % in every other frame: two reads in a row see it busy once.
    const result = gpuwise(['pick', '-n', '3', '--window', '0'], stepped('pick-mixed'));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Asked for 3 GPUs, but only 2 are free.');
    expect(result.stderr).toMatch(/GPU 1 \(NVIDIA RTX A6000\): utilisation reached 9\d % \(limit 10 %\)\n/);
    expect(result.stderr).toMatch(/GPU 0 \(NVIDIA RTX A6000\): in use by pid 61001; utilisation reached 9\d %/);
  });

  it('rejects with --min-free-memory, says which GPUs and why, in English and in Chinese', () => {
    const en = gpuwise(['pick', '-n', '2', '--min-free-memory', '20GiB', '--window', '0'], stepped('pick-mixed'));
    expect(en.code).toBe(1);
    expect(en.stdout).toBe('');
    expect(en.stderr).toContain('GPU 3 (NVIDIA RTX A6000): 17.5 GiB free (needs 20 GiB)');
    expect(en.stderr).toContain('--allow-processes');
    const zh = gpuwise(['pick', '-n', '2', '--min-free-memory', '20GiB', '--window', '0', '--lang', 'zh-CN'], stepped('pick-mixed'));
    expect(zh.code).toBe(1);
    expect(zh.stderr).toContain('需要 2 块 GPU，只有 1 块空闲。');
    expect(zh.stderr).toContain('GPU 3（NVIDIA RTX A6000）：空闲显存 17.5 GiB（需要 20 GiB）');
    const loose = gpuwise(['pick', '-n', '4', '--max-util', '100', '--allow-processes', '--window', '0'], stepped('pick-mixed'));
    expect(loose).toMatchObject({ code: 0, stdout: '2,3,1,0\n' });
  });

  it('offers MIG instances by their MIG UUIDs, and the GPU as a whole with --no-mig', () => {
    const one = gpuwise(['pick', '--window', '0'], stepped('a100-mig'));
    expect(one).toMatchObject({ code: 0, stdout: 'MIG-3b6a0e8f-d415-5a27-9c3e-f82b1d64a5c6\n', stderr: '' });
    const two = gpuwise(['pick', '-n', '2', '--window', '0'], stepped('a100-mig'));
    expect(two.code).toBe(1);
    expect(two.stderr).toContain('GPU 0 MIG 0 MIG-5c2e9a41-8d07-5b3f-a1e6-2f4c7d90b318 (NVIDIA A100-SXM4-40GB MIG 3g.20gb): in use by pid 33010');
    const whole = gpuwise(['pick', '--no-mig', '--window', '0'], stepped('a100-mig'));
    expect(whole.code).toBe(1);
    expect(whole.stderr).toContain('GPU 0 (NVIDIA A100-SXM4-40GB): in use by pid 33010, 33125, 33300');
  });

  it('prints JSON with the picked and the rejected and their reasons, and exits 1 when short', () => {
    const result = gpuwise(['pick', '-n', '3', '--json', '--window', '0'], stepped('pick-mixed'));
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as { enough: boolean; visibleDevices: string | null; picked: { index: number }[]; rejected: { index: number; reasons: { key: string; text: string }[] }[] };
    expect(json.enough).toBe(false);
    expect(json.visibleDevices).toBeNull();
    expect(json.picked.map((gpu) => gpu.index)).toEqual([2, 3]);
    expect(json.rejected.map((gpu) => gpu.index)).toEqual([0, 1]);
    expect(json.rejected[0]?.reasons[0]).toMatchObject({ key: 'pick.reason.processes', text: 'in use by pid 61001' });
    expect(json.rejected[1]?.reasons).toEqual([expect.objectContaining({ key: 'pick.reason.util', text: expect.stringMatching(/^utilisation reached 9\d % \(limit 10 %\)$/) })]);
  });

  it('exits 1 with the reason on a machine without a GPU, and 2 on a bad option', () => {
    const none = gpuwise(['pick', '--window', '0'], ownClaims());
    expect(none.code).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr.length).toBeGreaterThan(0);
    // No driver, and the bus scan finds nothing: each backend tried is named with why, in the user's language.
    const noDriver = gpuwise(['pick', '--window', '0', '--lang', 'zh-CN'], { GPUWISE_NVML_LIB: '/nonexistent/libnvidia-ml.so.1', PATH: '/nonexistent', ...ownClaims() });
    expect(noDriver.code).toBe(1);
    expect(noDriver.stderr).toMatch(/^这里读不到任何 GPU：nvml: .+；nvidia-smi: /m);
    // A driver that does not answer is said to be hung, as info says it, not "no GPU".
    const hung = gpuwise(['pick', '--window', '0'], { ...fakeNvmlEnv(scenarioPath('hung-driver')), ...ownClaims() });
    expect(hung.code).toBe(1);
    expect(hung.stderr).toContain('The GPU driver did not answer in time: a GPU or the driver may be hung');
    expect(hung.stderr).not.toContain('Loosen the rules');
    // GPUs that do not answer: each said in the reader's language, and no advice to loosen rules that did not turn them down.
    const stuck = gpuwise(['pick', '--window', '0', '--lang', 'zh-CN'], { ...fakeNvmlEnv(scenarioPath('two-hung-gpus')), ...ownClaims() });
    expect(stuck.code).toBe(1);
    expect(stuck.stderr).toMatch(/GPU 0（NVIDIA A10）：NVML .*没有应答/);
    expect(stuck.stderr).not.toMatch(/has not answered|did not answer|放宽条件/);
    for (const args of [['-n', '0'], ['--min-free-memory', 'lots'], ['--max-util', '120'], ['--window', '2h']]) {
      const bad = gpuwise(['pick', ...args], stepped('pick-mixed'));
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stdout).toBe('');
      expect(bad.stderr, args.join(' ')).toContain(args[0]);
    }
  });

  it('--json says why no GPU can be read as it says every reason: key, parameters and text', () => {
    const noDriver = gpuwise(['pick', '--json', '--window', '0'], { GPUWISE_NVML_LIB: '/nonexistent/libnvidia-ml.so.1', PATH: '/nonexistent', ...ownClaims() });
    expect(noDriver.code).toBe(1);
    const json = JSON.parse(noDriver.stdout) as { enough: boolean; noGpu: { key: string; params: { detail: string }; text: string } };
    expect(json.enough).toBe(false);
    expect(json.noGpu).toEqual({ key: 'pick.noGpu', params: { detail: expect.stringMatching(/^nvml: .+; nvidia-smi: /) }, text: expect.stringMatching(/^No GPU can be read here: nvml: /) });
    const hung = JSON.parse(gpuwise(['pick', '--json', '--window', '0', '--lang', 'zh-CN'], { ...fakeNvmlEnv(scenarioPath('hung-driver')), ...ownClaims() }).stdout) as { noGpu: { key: string; params: object; text: string } };
    expect(hung.noGpu).toMatchObject({ key: 'info.noGpu.noAnswer', params: {} });
    expect(hung.noGpu.text).toMatch(/[\u4e00-\u9fff]/);
    const found = JSON.parse(gpuwise(['pick', '--json', '--window', '0'], stepped('pick-mixed')).stdout) as { noGpu: unknown };
    expect(found.noGpu).toBeNull();
  });
});

describe('gpuwise pick claims', () => {
  it('claims what it prints into a pipe: two picks in a row print different GPUs, and a third says who holds them', () => {
    const claims = ownClaims();
    const first = shell('CUDA_VISIBLE_DEVICES=$($GPUWISE pick --window 0) sh -c \'echo "[$CUDA_VISIBLE_DEVICES]"\'', stepped('pick-mixed', claims));
    expect(first).toMatchObject({ code: 0, stdout: '[2]\n', stderr: '' });
    const second = gpuwise(['pick', '--window', '0'], stepped('pick-mixed', claims));
    expect(second).toMatchObject({ code: 0, stdout: '3\n', stderr: '' });
    const held = claimsIn(claims);
    expect([...held.keys()].sort()).toEqual([GPU2, GPU3].sort());
    const third = gpuwise(['pick', '--window', '0'], stepped('pick-mixed', claims));
    expect(third.code).toBe(1);
    expect(third.stdout).toBe('');
    expect(third.stderr).toContain("a pick's claim lapses 60 s after it printed");
    expect(third.stderr).toMatch(new RegExp(`GPU 2 \\(NVIDIA RTX A6000\\): claimed by gpuwise pick \\(PID ${held.get(GPU2 ?? '')}\\) \\d+ s ago\n`));
    const zh = gpuwise(['pick', '--window', '0', '--lang', 'zh-CN'], stepped('pick-mixed', claims));
    expect(zh.stderr).toMatch(new RegExp(`GPU 3（NVIDIA RTX A6000）：已被 gpuwise pick（PID ${held.get(GPU3 ?? '')}）在 \\d+ 秒前占用\n`));
    const json = JSON.parse(gpuwise(['pick', '--json', '--window', '0'], stepped('pick-mixed', claims)).stdout) as { rejected: { index: number; reasons: { key: string; params: Record<string, unknown> }[] }[] };
    expect(json.rejected.find((unit) => unit.index === 2)?.reasons).toEqual([expect.objectContaining({ key: 'pick.reason.claimed', params: expect.objectContaining({ by: 'pick', pid: held.get(GPU2 ?? '') }) })]);
  });

  it('--no-claim claims nothing, and neither does a pick on a terminal', () => {
    const claims = ownClaims();
    for (let round = 0; round < 2; round++) expect(gpuwise(['pick', '--no-claim', '--window', '0'], stepped('pick-mixed', claims))).toMatchObject({ code: 0, stdout: '2\n' });
    expect(claimsIn(claims).size).toBe(0);
    // A terminal through util-linux script(1) (Debian's bsdutils, an essential package).
    const looked = shell('script -qec "$GPUWISE pick --window 0" /dev/null', stepped('pick-mixed', claims));
    expect(looked.stdout).toContain('2');
    expect(claimsIn(claims).size).toBe(0);
  });

  it('ignores a claim whose process has ended or whose time is up, and honours a live one, in English and in Chinese', () => {
    const claims = ownClaims();
    // A run's claim lasts while its gpuwise lives; this one's process has ended.
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    openClaims(claims, { owner: { pid: ended, startTicks: null } }).claim(GPU2 ?? '', 'run', null);
    // A pick's claim lasts a minute; this one was made 61 s ago (by this test's process, alive).
    openClaims(claims, { now: () => Date.now() - 61_000 }).claim(GPU3 ?? '', 'pick', 60_000);
    expect(gpuwise(['pick', '-n', '2', '--no-claim', '--window', '0'], stepped('pick-mixed', claims))).toMatchObject({ code: 0, stdout: '2,3\n' });
    openClaims(claims).claim(GPU2 ?? '', 'run', null);
    const en = gpuwise(['pick', '-n', '2', '--no-claim', '--window', '0'], stepped('pick-mixed', claims));
    expect(en.code).toBe(1);
    expect(en.stderr).toContain('Asked for 2 GPUs, but only 1 is free.');
    expect(en.stderr).toMatch(new RegExp(`GPU 2 \\(NVIDIA RTX A6000\\): claimed by gpuwise run \\(PID ${process.pid}\\) \\d+ s ago\n`));
    const zh = gpuwise(['pick', '-n', '2', '--no-claim', '--window', '0', '--lang', 'zh-CN'], stepped('pick-mixed', claims));
    expect(zh.stderr).toMatch(new RegExp(`GPU 2（NVIDIA RTX A6000）：已被 gpuwise run（PID ${process.pid}）在 \\d+ 秒前占用`));
    expect(gpuwise(['pick', '--no-claim', '--window', '0'], stepped('pick-mixed', claims))).toMatchObject({ code: 0, stdout: '3\n' });
  });

  it('prints the GPUs with a note when the claim folder cannot be made', () => {
    const result = gpuwise(['pick', '--window', '0'], stepped('pick-mixed', { GPUWISE_CLAIMS_DIR: '/proc/gpuwise-no-such/claims' }));
    expect(result).toMatchObject({ code: 0, stdout: '2\n' });
    expect(result.stderr).toMatch(/^Note: the GPUs were not claimed \(.+\): a pick or run started at the same moment may choose them too\.\n$/);
    // In the shared temporary folder, a gpuwise-<uid> folder anyone may write is not trusted.
    const tmp = join(work, 'shared-tmp');
    mkdirSync(join(tmp, `gpuwise-${process.getuid?.() ?? 'user'}`), { recursive: true });
    chmodSync(join(tmp, `gpuwise-${process.getuid?.() ?? 'user'}`), 0o777);
    const open = gpuwise(['pick', '--window', '0', '--lang', 'zh-CN'], { ...fakeNvmlEnv(scenarioPath('pick-mixed'), { step: true }), TMPDIR: tmp });
    expect(open).toMatchObject({ code: 0, stdout: '2\n' });
    expect(open.stderr).toContain(`注意：没有占用这些 GPU（${join(tmp, `gpuwise-${process.getuid?.() ?? 'user'}`)} 不是当前用户独有的文件夹`);
  });
});
