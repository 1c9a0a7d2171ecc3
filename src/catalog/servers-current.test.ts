// The current 8-GPU machines against the text of their sources (quoted in the comments).

import { describe, expect, it } from 'vitest';
import { getServer } from './servers.js';

const server = (id: string) => {
  const entry = getServer(id);
  if (!entry) throw new Error(`server catalog lacks ${id}`);
  return entry;
};

describe('current 8-GPU machines', () => {
  it('DGX B200 as NVIDIA\'s user guide describes it', () => {
    // "8 x NVIDIA B200 GPUs that provide 1,440 GB", "2 x Intel Xeon 8570 … 56 cores each",
    // "2 TB using 32 x DIMMs (upgradable to 4 TB)", "6 x 3.3 kW", "10U Rackmount"
    const dgx = server('dgx-b200');
    expect(dgx.gpuOptions[0]).toMatchObject({ gpuId: 'b200-180gb', count: { value: 8 }, interconnect: { value: 'nvswitch' } });
    expect(dgx.cpuSockets.value).toBe(2);
    expect(dgx.maxMemoryGiB.value).toBe(4096);
    expect(dgx.psu.value).toEqual({ count: 6, wattsEach: 3300, redundancy: null });
    expect(dgx.formFactor.value).toEqual({ kind: 'rack', rackUnits: 10 });
    // Vengineer: "DGX B200のお値段 … $515K"
    expect(dgx.prices).toContainEqual(expect.objectContaining({ currency: 'USD', low: 515000, gpuCount: 8 }));
  });

  it('DGX H100 and DGX H200 hosts as NVIDIA submitted them to MLPerf', () => {
    // "host_processor_model_name": "Intel(R) Xeon(R) Platinum 8480C", "host_processors_per_node": 2, "host_memory_capacity": "2 TB"
    for (const id of ['dgx-h100', 'dgx-h200']) {
      const dgx = server(id);
      expect(dgx.cpuSockets.value, id).toBe(2);
      expect(dgx.cpuFamilies.value?.[0], id).toMatch(/8480C/);
      expect(dgx.maxMemoryGiB.value, id).toBe(2048);
    }
    // Epoch AI's H100 price note: "DGX servers with 8xH100 were sold for $269k"; "One early listing had DGX at 370k EUR"
    expect(server('dgx-h100').prices).toEqual([
      expect.objectContaining({ currency: 'USD', low: 269000 }),
      expect.objectContaining({ currency: 'EUR', market: 'eu', low: 370000 }),
    ]);
  });

  it('HGX servers carry their vendor\'s submitted GPUs and CPUs', () => {
    // Supermicro: "SYS-821GE-TNHR (8x H100-SXM-80GB…)", "Intel(R) Xeon(R) Platinum 8468"
    expect(server('supermicro-sys-821ge-tnhr').gpuOptions[0]).toMatchObject({ gpuId: 'h100-sxm5-80gb', count: { value: 8 } });
    expect(server('supermicro-sys-821ge-tnhr').cpuFamilies.value?.[0]).toMatch(/8468/);
    // Lenovo: "ThinkSystem SR680a V3 (8x H200-SXM-141GB…)", "Intel(R) Xeon(R) Platinum 8568Y+"
    expect(server('lenovo-thinksystem-sr680a-v3').gpuOptions[0]).toMatchObject({ gpuId: 'h200-sxm-141gb', count: { value: 8 } });
    // mynw.cn: "基于 NVIDIA HGX H200 的 8 卡平台，采用风冷设计，并以 8U 机箱形态"; "16 个 2.5 英寸 U.2 NVMe 硬盘位 与 3 个 SATA 硬盘位"
    const smc = server('supermicro-sys-821ge-tnhr');
    expect(smc.gpuOptions.map((o) => [o.gpuId, o.count.value, o.interconnect.value])).toEqual([['h100-sxm5-80gb', 8, 'nvswitch'], ['h200-sxm-141gb', 8, 'nvswitch']]);
    expect(smc.formFactor.value).toEqual({ kind: 'rack', rackUnits: 8 });
    expect(smc.driveBays.value).toMatch(/^16 × 2\.5-inch U\.2 NVMe \+ 3 × SATA/);
    // Dell: "Dell PowerEdge XE9680 (8x MI300X_192GB, vLLM)"
    expect(server('dell-poweredge-xe9680').gpuOptions.map((o) => o.gpuId)).toContain('mi300x');
  });

  it('HPE Cray XD670 and the PCIe ASUS ESC8000A-E12 as submitted to MLPerf', () => {
    // HPE: "HPE Cray XD670 (8x H100-SXM-80GB…)", "Intel(R) Xeon(R) Platinum 8468"; ASUS: "ESC8000A-E12-8xH100-PCIE-80GB", "PCIe 5.0", "AMD EPYC 9374F"
    expect(server('hpe-cray-xd670').gpuOptions[0]).toMatchObject({ gpuId: 'h100-sxm5-80gb', count: { value: 8 }, interconnect: { value: 'nvswitch' } });
    const asus = server('asus-esc8000a-e12');
    expect(asus.gpuOptions[0]).toMatchObject({ gpuId: 'h100-pcie-80gb', count: { value: 8 }, interconnect: { value: 'pcie' } });
    expect(asus.cpuFamilies.value?.[0]).toMatch(/9374F/);
  });

  it('Inspur NF5468M6 as Inspur submitted it to MLPerf, its GPU link left unsourced', () => {
    // "system_name": "NF5468M6 (8x A40, TensorRT)", "host_processor_model_name": "Intel(R) Xeon(R) Platinum 8380", "accelerator_interconnect": ""
    const inspur = server('inspur-nf5468m6');
    expect(inspur.gpuOptions[0]).toMatchObject({ gpuId: 'a40', count: { value: 8 }, interconnect: { value: null } });
    expect(inspur.cpuSockets.value).toBe(2);
    expect(inspur.cpuFamilies.value?.[0]).toMatch(/8380/);
    expect(inspur.maxMemoryGiB.value).toBeNull();
  });

  it('Lenovo SR670 and SR670 V2 carry the GPUs Lenovo submitted to MLPerf, and the V2 keeps its manual\'s CPU', () => {
    // v1.0: "Lenovo ThinkSystem SR670 Server", "NVIDIA A40" ×4 and "NVIDIA A100-PCIe-40GB" ×4, "Intel(R) Xeon(R) Platinum 8280"
    const sr670 = server('lenovo-thinksystem-sr670');
    expect(sr670.gpuOptions.map((o) => [o.gpuId, o.count.value])).toEqual([['a40', 4], ['a100-pcie-40gb', 4]]);
    expect(sr670.cpuFamilies.value?.[0]).toMatch(/8280/);
    expect(sr670.gpuCountMax.value).toBeNull();
    // v1.1: "Lenovo ThinkSystem SR670-v2 Server", "NVIDIA A100-PCIe-40GB" ×8 — but its "Xeon Platinum 8280" does not fit LGA 4189
    const v2 = server('lenovo-thinksystem-sr670-v2');
    expect(v2.gpuOptions.map((o) => [o.gpuId, o.count.value])).toEqual([['a100-pcie-40gb', 8]]);
    expect(v2.cpuFamilies.value?.[0]).toMatch(/LGA 4189/);
  });

  it('the 8× 4090 builds run over PCIe and say they are custom', () => {
    // Upstation: "Custom 6-10U server chassis", "PCIe Gen 4 risers"; r/LocalAIServers: "8x RTX 4090D", "4x 2000W PSUs"
    expect(server('upstation-8x-rtx-4090').gpuOptions[0]).toMatchObject({ gpuId: 'rtx-4090', count: { value: 8 }, interconnect: { value: 'pcie' } });
    const rig = server('rig-8x-rtx-4090-d-genoa');
    expect(rig.gpuOptions[0]).toMatchObject({ gpuId: 'rtx-4090-d', count: { value: 8 } });
    expect(rig.psu.value).toEqual({ count: 4, wattsEach: 2000, redundancy: null });
    expect(rig.maxPowerWatts.value).toBeNull();
  });
});
