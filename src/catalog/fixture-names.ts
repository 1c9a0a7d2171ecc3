// Pulls GPU names (and the memory size, where the output has it) out of captured nvidia-smi,
// rocm-smi and amd-smi outputs. Test support: it lets the name matcher be checked against every
// real name in the shared fixtures, not just names we typed ourselves.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FixtureGpuName {
  file: string;
  name: string;
  /** Total memory the tool printed for that GPU, when it prints one. */
  memoryTotalBytes: number | null;
}

const MIB = 1024 * 1024;

function fromXml(text: string): Array<Omit<FixtureGpuName, 'file'>> {
  return [...text.matchAll(/<gpu id="[^"]*">([\s\S]*?)<\/gpu>/g)].flatMap((gpu) => {
    const body = gpu[1] ?? '';
    const name = /<product_name>([^<]*)<\/product_name>/.exec(body)?.[1];
    const total = /<fb_memory_usage>\s*<total>(\d+) MiB<\/total>/.exec(body)?.[1];
    return name ? [{ name: name.trim(), memoryTotalBytes: total ? Number(total) * MIB : null }] : [];
  });
}

function fromCsv(text: string): Array<Omit<FixtureGpuName, 'file'>> {
  const [header = '', ...rows] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const columns = header.split(',').map((c) => c.trim());
  const nameAt = columns.findIndex((c) => c === 'name' || c === 'gpu_name');
  const memoryAt = columns.indexOf('memory.total [MiB]');
  if (nameAt < 0) return [];
  return rows.map((row) => {
    const cells = row.split(',').map((c) => c.trim());
    const memory = memoryAt >= 0 ? /^(\d+)/.exec(cells[memoryAt] ?? '')?.[1] : undefined;
    return { name: cells[nameAt] ?? '', memoryTotalBytes: memory ? Number(memory) * MIB : null };
  });
}

function fromNvidiaSmiTable(text: string): Array<Omit<FixtureGpuName, 'file'>> {
  const lines = text.split(/\r?\n/);
  return lines.flatMap((line, i) => {
    const head = /^\|\s+\d+\s+(.+?)\s{2,}(?:On|Off|WDDM|TCC)\s+\|/.exec(line);
    if (!head?.[1]) return [];
    const total = /\/\s*(\d+)MiB/.exec(lines[i + 1] ?? '')?.[1];
    return [{ name: head[1].trim(), memoryTotalBytes: total ? Number(total) * MIB : null }];
  });
}

function fromAmdJson(text: string): Array<Omit<FixtureGpuName, 'file'>> {
  const names = [...text.matchAll(/"(?:Card [Ss]eries|Device Name|market_name)":\s*"([^"]+)"/g)].map((m) => m[1] ?? '');
  return names.filter((n) => !/^0x[0-9a-f]+$/i.test(n)).map((name) => ({ name, memoryTotalBytes: null }));
}

function fromAmdText(text: string): Array<Omit<FixtureGpuName, 'file'>> {
  const rocmConcise = [...text.matchAll(/^\s{4,}((?:AMD|Radeon)\b.*?)\s*$/gm)].map((m) => m[1] ?? '');
  const amdSmi = [...text.matchAll(/^\|\s*[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d\s+(.+?)\s*\|/gim)].map((m) => m[1] ?? '');
  return [...rocmConcise, ...amdSmi].map((name) => ({ name, memoryTotalBytes: null }));
}

const FOLDERS: Record<string, (text: string, file: string) => Array<Omit<FixtureGpuName, 'file'>>> = {
  'nvidia-smi-xml': (text) => fromXml(text),
  'nvidia-smi-csv': (text) => fromCsv(text),
  'nvidia-smi-table': (text) => fromNvidiaSmiTable(text),
  'rocm-smi': (text, file) => (file.endsWith('.json') ? fromAmdJson(text) : fromAmdText(text)),
  'amd-smi': (text, file) => (file.endsWith('.json') ? fromAmdJson(text) : fromAmdText(text)),
};

/** Every GPU name in the fixture folders under `root`; folders that do not exist are skipped. */
export function readFixtureGpuNames(root: string): FixtureGpuName[] {
  return Object.entries(FOLDERS).flatMap(([folder, extract]) => {
    let files: string[];
    try {
      files = readdirSync(join(root, folder)).filter((f) => !f.endsWith('.md'));
    } catch {
      return [];
    }
    return files.flatMap((file) =>
      extract(readFileSync(join(root, folder, file), 'utf8'), file).map((found) => ({ file: `${folder}/${file}`, ...found })),
    );
  });
}
