// `gpuwise pick` as a user runs it: the built CLI over the fake NVML, in a shell's
// `CUDA_VISIBLE_DEVICES=$(gpuwise pick …)`, with busy, momentarily idle and free GPUs, and MIG.

import { beforeAll, describe, expect, it } from 'vitest';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { ensureBuilt, gpuwise, shell } from './run-cli.js';

/** Step mode: each read is the scenario's next frame, so the window's reads are known. */
const stepped = (scenario: string) => fakeNvmlEnv(scenarioPath(scenario), { step: true });

beforeAll(ensureBuilt, 120_000);

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
    const none = gpuwise(['pick', '--window', '0']);
    expect(none.code).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr.length).toBeGreaterThan(0);
    // No driver, and the bus scan finds nothing: each backend tried is named with why, in the user's language.
    const noDriver = gpuwise(['pick', '--window', '0', '--lang', 'zh-CN'], { GPUWISE_NVML_LIB: '/nonexistent/libnvidia-ml.so.1', PATH: '/nonexistent' });
    expect(noDriver.code).toBe(1);
    expect(noDriver.stderr).toMatch(/^这里读不到任何 GPU：nvml: .+；nvidia-smi: /m);
    // A driver that does not answer is said to be hung, as info says it, not "no GPU".
    const hung = gpuwise(['pick', '--window', '0'], fakeNvmlEnv(scenarioPath('hung-driver')));
    expect(hung.code).toBe(1);
    expect(hung.stderr).toContain('The GPU driver did not answer in time: a GPU or the driver may be hung');
    expect(hung.stderr).not.toContain('Loosen the rules');
    // GPUs that do not answer: each said in the reader's language, and no advice to loosen rules that did not turn them down.
    const stuck = gpuwise(['pick', '--window', '0', '--lang', 'zh-CN'], fakeNvmlEnv(scenarioPath('two-hung-gpus')));
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
});
