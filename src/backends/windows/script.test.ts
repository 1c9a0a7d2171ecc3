import { describe, expect, it } from 'vitest';
import { COUNTERS_SCRIPT, INVENTORY_SCRIPT, powershellArgs, powershellCandidates } from './script.js';

// The scripts themselves run only on Windows; these checks pin what the parsers rely on.
describe('the PowerShell gpuwise runs (not executed here: Linux has no PowerShell with CIM)', () => {
  it('prints UTF-8 JSON of every adapter with its registry size and DXGI LUID, and the four GPU counter sets', () => {
    expect(INVENTORY_SCRIPT).toContain('[Console]::OutputEncoding = [System.Text.Encoding]::UTF8');
    expect(INVENTORY_SCRIPT).toContain('Get-CimInstance Win32_VideoController');
    expect(INVENTORY_SCRIPT).toContain("'HardwareInformation.qwMemorySize'");
    expect(INVENTORY_SCRIPT).toContain('HKLM:\\SOFTWARE\\Microsoft\\DirectX\\$videoId');
    expect(INVENTORY_SCRIPT).toContain('gpuwise = 1');
    for (const counter of ['\\GPU Engine(*)\\Utilization Percentage', '\\GPU Adapter Memory(*)\\Dedicated Usage', '\\GPU Adapter Memory(*)\\Shared Usage', '\\GPU Process Memory(*)\\Dedicated Usage']) {
      expect(COUNTERS_SCRIPT).toContain(counter);
    }
    // A one-sample answer must still be a JSON list: -InputObject keeps the array.
    expect(COUNTERS_SCRIPT).toContain('ConvertTo-Json -Compress -InputObject $samples');
  });

  it('runs without profile or prompts, and finds powershell.exe where Windows keeps it', () => {
    expect(powershellArgs('x')).toEqual(['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-Command', 'x']);
    expect(powershellCandidates({ SystemRoot: 'D:\\Win' })).toEqual(['powershell.exe', 'D:\\Win\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', 'pwsh.exe']);
  });
});
