// cgroup → pod / container / job on real /proc/<pid>/cgroup texts (sources in
// __fixtures__/cgroup/README.md), then forms derived from them and hostile input.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attributeCgroups, isUnattributed, parseCgroupFile } from './cgroup.js';
import { expectLinear } from '../../test/fuzz/scaling.js';
import { createFuzzer } from '../../test/helpers/fuzz.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/cgroup/${name}`, import.meta.url), 'utf8');
const none = { podUid: null, qosClass: null, containerId: null, runtime: null, slurmJobId: null };

describe('attributeCgroups on real texts', () => {
  it.each([
    ['v1-docker-cgroupfs.txt', { containerId: '31cb02944da7a12196a193cf0e0f6c226d7c453a1db62e65ba98287593a2ee30', runtime: 'docker' }],
    ['v1-docker-systemd.txt', { containerId: '9ec39b91f3d70e1beff50a308f77067065ea6be0d91a3378375056cd4422cf3d', runtime: 'docker' }],
    ['v1-kubepods-cgroupfs.txt', { podUid: '1fe19bf5-e8ef-11e8-900c-52daee5a874d', qosClass: 'besteffort', containerId: 'da31e536c8d61304a6d5998d163d12400a7a9a1003e1d86369e8fadb022fc17d', runtime: null }],
    ['v1-kubepods-systemd-containerd.txt', { podUid: 'dd1bf9d1-241d-47f5-8e25-12de83135812', qosClass: 'besteffort', containerId: 'f45298cd514d1930c4fe3afc4412e59547f7e3148fddd22ca33cefce046eb830', runtime: 'containerd' }],
    ['v1-containerd-service.txt', { podUid: '0043435f-1854-4327-b76b-730f681a781d', qosClass: 'besteffort', containerId: '01fd96f7ad292b02a8317cde4ecb8c7ef3cc06ffdd113f13410e0837eb2b2a20', runtime: 'containerd' }],
    ['v2-crio.txt', { podUid: '2c9f8a79-5391-454b-88cb-86190881cb96', qosClass: 'burstable', containerId: 'a09343ca97901516c25036e2b954421254f8c68b384b536064e8999f0c4ed18d', runtime: 'cri-o' }],
    // kind: the pod's container inside the node's Docker container: the innermost ID is its own.
    ['v2-kind-nested.txt', { podUid: 'eab5a334-93fe-48a8-b139-9e8079c1f163', qosClass: 'besteffort', containerId: '99f3a16ea25b7724cb56a4f0c0df1113ad9474fbf5545bead97fd5c7f61c13f4', runtime: 'containerd' }],
    ['v2-podman-rootless.txt', { containerId: '3f05ee050f82c0145f1d88c94269c39dff0f07dbf8bba20aafd54b3a75dcaecc', runtime: 'podman' }],
    ['v2-slurm.txt', { slurmJobId: '4311' }],
  ])('%s', (name, want) => {
    expect(attributeCgroups(fixture(name))).toEqual({ ...none, ...want });
  });

  it('finds nothing for a host process (this machine, cgroup v1 with a v2 line of "/")', () => {
    const text = fixture('host-v1-this-sandbox.txt');
    expect(parseCgroupFile(text).length).toBeGreaterThan(1);
    expect(isUnattributed(attributeCgroups(text))).toBe(true);
  });
});

describe('attributeCgroups on derived forms', () => {
  const uid = '2c9f8a79_5391_454b_88cb_86190881cb96';
  const id = 'a09343ca97901516c25036e2b954421254f8c68b384b536064e8999f0c4ed18d';
  it('reads a Guaranteed pod (no QoS slice) and a path seen through a cgroup namespace', () => {
    expect(attributeCgroups(`0::/kubepods.slice/kubepods-pod${uid}.slice/cri-containerd-${id}.scope\n`)).toMatchObject({ podUid: uid.replaceAll('_', '-'), qosClass: 'guaranteed', runtime: 'containerd' });
    // gpuwise in its own cgroup namespace sees other pods' paths relative to its own cgroup.
    expect(attributeCgroups(`0::/../../kubepods-burstable-pod${uid}.slice/crio-${id}.scope\n`)).toMatchObject({ podUid: uid.replaceAll('_', '-'), containerId: id, runtime: 'cri-o' });
  });

  it('takes the v2 line on a hybrid host, and v1 lines where the v2 one says nothing', () => {
    const hybrid = `10:memory:/system.slice/docker-${'b'.repeat(64)}.scope\n0::/system.slice/docker-${'c'.repeat(64)}.scope\n`;
    expect(attributeCgroups(hybrid).containerId).toBe('c'.repeat(64));
    expect(attributeCgroups(`10:memory:/docker/${'d'.repeat(64)}\n0::/\n`).containerId).toBe('d'.repeat(64));
  });

  it('does not take a short or malformed pod UID, a 63-digit ID or a job name for one', () => {
    // dcgm-exporter's own negative case: "pod123" is not a UID.
    expect(attributeCgroups('0::/kubepods/pod123/container\n')).toEqual(none);
    expect(attributeCgroups(`0::/system.slice/docker-${'a'.repeat(63)}.scope\n`)).toEqual(none);
    expect(attributeCgroups('0::/user.slice/user-1000.slice/session-3.scope/job_x\n')).toEqual(none);
    expect(attributeCgroups('0::/system.slice/podman-healthcheck.service\n')).toEqual(none);
  });
});

describe('parseCgroupFile on hostile input', () => {
  it('skips malformed lines and never throws', () => {
    expect(parseCgroupFile('garbage\n:cpu:/x\n1:cpu\n2:cpu:relative\n3::/ok\n')).toEqual([{ hierarchy: 3, controllers: [], path: '/ok' }]);
    const fuzz = createFuzzer(15);
    const real = fixture('v1-kubepods-systemd-containerd.txt');
    for (let i = 0; i < 300; i++) {
      const text = fuzz.mutate(real);
      const found = attributeCgroups(text);
      // Whatever it reads is well formed: a UID with dashes, an ID of 64 hex digits.
      if (found.podUid !== null) expect(found.podUid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      if (found.containerId !== null) expect(found.containerId).toMatch(/^[0-9a-f]{64}$/);
      expect(() => attributeCgroups(`0::/${fuzz.text(200)}`)).not.toThrow();
    }
  });

  it('reads a long path in linear time (×4 input, at most ×8 the time)', () => {
    const make = (n: number) => `0::/${'kubepods-pod'.repeat(n)}/${'docker-'.repeat(n)}/${'a'.repeat(63)}\n`;
    // The shared check: measured again when load spoils one measurement (×4 every time if quadratic).
    expectLinear(make, attributeCgroups, 40_000);
  });
});
