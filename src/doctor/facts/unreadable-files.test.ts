// Files that are there but may not be read (EACCES) or fail to read (EIO): a cuDNN header and a
// disk's queue/rotational flag. Neither is "absent": each is said as unreadable, in both
// languages, and no verdict is drawn from what could not be read.

import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { findCheck, renderDoctorText, runDoctor } from '../index.js';
import type { FsResult } from '../env.js';
import { createMemoryEnv } from '../testing/memory-env.js';

const plain = pc.createColors(false);
const UBUNTU = 'ID=ubuntu\nVERSION_ID="22.04"\nPRETTY_NAME="Ubuntu 22.04.4 LTS"\n';
const HEADER = '/usr/include/cudnn_version.h';
const CUDNN_9 = '#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n';
const EACCES: FsResult<string> = { ok: false, code: 'no-permission', detail: `EACCES: permission denied, open '${HEADER}'` };
const EIO: FsResult<string> = { ok: false, code: 'error', detail: `EIO: i/o error, read` };

async function doctor(files: Record<string, string>, only: string[], refuse: Record<string, FsResult<string>>) {
  const env = createMemoryEnv({ env: { PATH: '/usr/bin' }, files: { '/etc/os-release': UBUNTU, ...files } });
  const readText = env.fs.readText;
  env.fs = { ...env.fs, readText: async (path) => refuse[path] ?? readText(path) };
  const report = await runDoctor(env, { gpu: null, pci: null, host: null }, { only });
  const said = (locale: 'en' | 'zh-CN') => renderDoctorText(report, { t: createTranslator(locale), color: plain, verbose: true });
  return { report, said };
}

describe('a cuDNN header that cannot be read', () => {
  it.each([
    ['EACCES', EACCES, `${HEADER}: not allowed to read it`, `${HEADER}：无权读取`],
    ['EIO', EIO, `${HEADER}: could not be read (EIO: i/o error, read)`, `${HEADER}：无法读取（EIO: i/o error, read）`],
  ])('%s: is a warning naming the file and why, not “no system-wide cuDNN” ✓', async (_, problem, en, zh) => {
    const { report, said } = await doctor({ [HEADER]: CUDNN_9 }, ['cuda.cudnn'], { [HEADER]: problem });
    const check = findCheck(report, 'cuda.cudnn')!;
    expect(check.status).toBe('warn');
    expect(check.summary.key).toBe('doctor.cuda.cudnn.unreadable');
    expect(said('en')).toContain(`Which system-wide cuDNN is installed is not known: a header is there but could not be read (${en}).`);
    expect(said('zh-CN')).toContain(`无法确定装了哪个系统级 cuDNN：有头文件存在但无法读取（${zh}）。`);
    expect(said('en')).not.toContain('No system-wide cuDNN');
    expect(report.machine.cudnnVersions).toEqual([]);
  });

  it('next to a cuDNN it could read, still says the other header could not be read', async () => {
    const other = '/usr/local/cuda/include/cudnn_version.h';
    const { report, said } = await doctor({ [HEADER]: CUDNN_9, [other]: CUDNN_9 }, ['cuda.cudnn'], { [other]: EACCES });
    expect(findCheck(report, 'cuda.cudnn')?.summary.key).toBe('doctor.cuda.cudnn.foundUnreadable');
    expect(said('zh-CN')).toContain(`cuDNN 9.1.0，但另有头文件存在却无法读取（${other}：无权读取）。`);
    expect(report.machine.cudnnVersions).toEqual(['9.1.0']);
  });

  it('a header that is not there is still “none”, fine', async () => {
    const { report } = await doctor({}, ['cuda.cudnn'], {});
    expect(findCheck(report, 'cuda.cudnn')).toMatchObject({ status: 'ok', summary: { key: 'doctor.cuda.cudnn.none' } });
  });
});

describe('a disk whose kind cannot be read', () => {
  const SDA = '/sys/block/sda/queue/rotational';
  const disks = { [SDA]: '0\n', '/sys/block/sda/size': '2000\n', '/sys/block/sdb/queue/rotational': '1\n', '/sys/block/sdb/size': '1000\n' };

  it.each([
    ['EACCES', { ok: false, code: 'no-permission', detail: 'EACCES' } as FsResult<string>, `${SDA}：无权读取`],
    ['EIO', EIO, `${SDA}：无法读取（EIO: i/o error, read）`],
  ])('%s: is counted as unknown and said so, and no “only spinning disks” follows', async (_, problem, zh) => {
    const { report, said } = await doctor(disks, ['hardware.disk'], { [SDA]: problem });
    const check = findCheck(report, 'hardware.disk')!;
    expect(check.summary).toMatchObject({ key: 'doctor.hardware.disk.rotationalSomeUnknown', params: { rotational: 1, unknown: 1 } });
    expect(said('en')).toContain('No disk known to be solid-state: 1 rotational, and 1 whose kind could not be read.');
    expect(said('en')).not.toContain('Only rotational');
    expect(said('zh-CN')).toContain(`sda：类型不明，0.0 GiB（${zh}）`);
    expect(said('zh-CN')).not.toContain('只有机械硬盘');
  });

  it('alone, says the kind is not known rather than dropping the disk', async () => {
    const { report, said } = await doctor({ [SDA]: '', '/sys/block/sda/size': '1000\n' }, ['hardware.disk'], { [SDA]: EIO });
    expect(findCheck(report, 'hardware.disk')?.summary.key).toBe('doctor.hardware.disk.kindUnknown');
    expect(said('zh-CN')).toContain('不知道磁盘是不是固态：1 块磁盘读不出类型。');
  });

  it('next to a solid-state disk, is named in the summary', async () => {
    const files = { ...disks, '/sys/block/sdb/queue/rotational': '0\n' };
    const { said } = await doctor(files, ['hardware.disk'], { [SDA]: EIO });
    expect(said('en')).toContain('1 solid-state disk, 0 of them NVMe; 1 more whose kind could not be read.');
  });
});
