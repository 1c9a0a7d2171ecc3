// The PowerShell gpuwise runs (Windows PowerShell 5.1 and PowerShell 7 alike): one inventory at
// open, the performance counters at each read. Inventory: every Win32_VideoController with the
// real memory size from its driver key (Enum\<PNPDeviceID>.Driver → Control\Class\<key>) and
// its AdapterLuid from DXGI's cache (Enum\<PNPDeviceID>\Device Parameters.VideoID →
// SOFTWARE\Microsoft\DirectX\<VideoID>), the way fastfetch links them.

/** The console's code page would mangle "Radeon™" and non-English names on their way to us. */
const UTF8_OUTPUT = '[Console]::OutputEncoding = [System.Text.Encoding]::UTF8';

export const INVENTORY_SCRIPT = [
  "$ErrorActionPreference = 'SilentlyContinue'",
  UTF8_OUTPUT,
  '$adapters = @(Get-CimInstance Win32_VideoController | ForEach-Object {',
  '  $enum = "HKLM:\\SYSTEM\\CurrentControlSet\\Enum\\$($_.PNPDeviceID)"',
  '  $driverKey = (Get-ItemProperty $enum).Driver',
  '  $hw = if ($driverKey) { Get-ItemProperty "HKLM:\\SYSTEM\\CurrentControlSet\\Control\\Class\\$driverKey" } else { $null }',
  '  $videoId = (Get-ItemProperty "$enum\\Device Parameters").VideoID',
  '  $dx = if ($videoId) { Get-ItemProperty "HKLM:\\SOFTWARE\\Microsoft\\DirectX\\$videoId" } else { $null }',
  '  [pscustomobject]@{ Name = $_.Name; AdapterCompatibility = $_.AdapterCompatibility; AdapterRAM = $_.AdapterRAM;',
  '    DriverVersion = $_.DriverVersion; PNPDeviceID = $_.PNPDeviceID; Status = $_.Status; ConfigManagerErrorCode = $_.ConfigManagerErrorCode;',
  "    qwMemorySize = $hw.'HardwareInformation.qwMemorySize'; MemorySize = $hw.'HardwareInformation.MemorySize';",
  '    AdapterLuid = $dx.AdapterLuid; DedicatedVideoMemory = $dx.DedicatedVideoMemory; SharedSystemMemory = $dx.SharedSystemMemory }',
  '})',
  "ConvertTo-Json -Compress -Depth 3 -InputObject ([pscustomobject]@{ gpuwise = 1; adapters = $adapters })",
].join('\n');

export const COUNTERS_SCRIPT = [
  "$ErrorActionPreference = 'SilentlyContinue'",
  UTF8_OUTPUT,
  "$c = '\\GPU Engine(*)\\Utilization Percentage', '\\GPU Adapter Memory(*)\\Dedicated Usage', '\\GPU Adapter Memory(*)\\Shared Usage', '\\GPU Process Memory(*)\\Dedicated Usage'",
  '$samples = @((Get-Counter -Counter $c).CounterSamples | Select-Object Path, CookedValue)',
  'ConvertTo-Json -Compress -InputObject $samples',
].join('\n');

export const powershellArgs = (script: string): string[] => ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-Command', script];

/** powershell.exe on PATH, then where Windows keeps it, then PowerShell 7. */
export function powershellCandidates(env: NodeJS.ProcessEnv): string[] {
  const systemRoot = env.SystemRoot ?? env.SYSTEMROOT ?? env.windir ?? 'C:\\Windows';
  return ['powershell.exe', `${systemRoot}\\System32\\WindowsPowerShell\\v1.0\\powershell.exe`, 'pwsh.exe'];
}
