// Driving the built `gpuwise top` in a real terminal: tmux on a private socket, keys in with
// send-keys, the screen out with capture-pane, and waits that poll the screen (never fixed sleeps).
// Also: fake-NVML scenarios whose GPU processes are real processes this test started.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { BIN, ROOT, baseEnv } from './run-cli.js';

export const HAVE_TMUX = spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0;

let sessions = 0;

export interface TmuxOptions {
  columns: number;
  rows: number;
  /** Arguments after `gpuwise` (e.g. ['top', '--interval', '0.25']). */
  args: string[];
  env?: Record<string, string>;
}

/** Single-quoted for sh. */
function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

export class TopTerminal {
  private readonly socket: string;
  private readonly name: string;

  private constructor(socket: string, name: string) {
    this.socket = socket;
    this.name = name;
  }

  /**
   * Starts `gpuwise <args>` in a fresh tmux window. When it ends, the shell prints its exit code
   * and the terminal modes that matter (stty), then waits, so the test can read what was left.
   */
  static start(options: TmuxOptions): TopTerminal {
    const socket = `gpuwise-e2e-${process.pid}-${++sessions}`;
    const name = 'top';
    const env = baseEnv({ TERM: 'xterm-256color', ...options.env });
    const exports = Object.entries(env).map(([key, value]) => `export ${key}=${quote(value)};`).join(' ');
    const command = [
      exports,
      `cd ${quote(ROOT)};`,
      `${quote(process.execPath)} ${quote(BIN)} ${options.args.map(quote).join(' ')};`,
      'echo "[exit $?]";',
      // Which terminal modes the program left behind: a restored terminal is canonical and echoes.
      `stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo|isig)$' | tr '\\n' ' ';`,
      'echo "[stty]";',
      'sleep 600',
    ].join(' ');
    const result = spawnSync('tmux', ['-L', socket, '-f', '/dev/null', 'new-session', '-d', '-s', name, '-x', String(options.columns), '-y', String(options.rows), 'sh', '-c', command], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`tmux new-session failed: ${result.stderr}`);
    spawnSync('tmux', ['-L', socket, 'set-option', '-t', name, 'status', 'off']);
    return new TopTerminal(socket, name);
  }

  private tmux(args: string[]): string {
    const result = spawnSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  }

  /** The screen as text (with -e: with its colour escapes). */
  capture(escapes = false): string {
    return this.tmux(['capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', this.name]);
  }

  lines(): string[] {
    return this.capture().split('\n');
  }

  /** tmux key names ('Down', 'Enter', 'C-c', 'Escape') or plain text. */
  keys(...keys: string[]): void {
    this.tmux(['send-keys', '-t', this.name, ...keys]);
  }

  /** Text typed as is (no key-name lookup). */
  type(text: string): void {
    this.tmux(['send-keys', '-t', this.name, '-l', text]);
  }

  /** A tmux format of the pane: '#{alternate_on}', '#{cursor_flag}', '#{mouse_any_flag}' … */
  format(spec: string): string {
    return this.tmux(['display-message', '-p', '-t', this.name, spec]).trim();
  }

  resize(columns: number, rows: number): void {
    this.tmux(['resize-window', '-t', this.name, '-x', String(columns), '-y', String(rows)]);
  }

  /** The PID of the program the pane's shell started (gpuwise). */
  programPid(): number {
    const shell = Number(this.format('#{pane_pid}'));
    const children = readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    const pid = children[0];
    if (pid === undefined) throw new Error('gpuwise is not running in the pane');
    return pid;
  }

  /** Polls the screen until `test` holds; throws with the last screen after `timeoutMs`. */
  async waitFor(test: RegExp | string | ((screen: string) => boolean), timeoutMs = 15_000, what = String(test)): Promise<string> {
    const check = typeof test === 'function' ? test : typeof test === 'string' ? (s: string) => s.includes(test) : (s: string) => test.test(s);
    const deadline = Date.now() + timeoutMs;
    let screen = '';
    for (;;) {
      screen = this.capture();
      if (check(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen was:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Ends the tmux server and removes its socket file (tmux leaves it behind). */
  kill(): void {
    const socketPath = spawnSync('tmux', ['-L', this.socket, 'display-message', '-p', '#{socket_path}'], { encoding: 'utf8' }).stdout.trim();
    spawnSync('tmux', ['-L', this.socket, 'kill-server']);
    if (socketPath !== '') rmSync(socketPath, { force: true });
  }
}

interface ScenarioProcess {
  pid: number;
  type?: string;
  usedMemoryMiB: number;
  smUtilPercent?: number;
  memUtilPercent?: number;
}

interface ScenarioFile {
  devices: unknown[];
  timeline: { devices: (Record<string, unknown> | null)[] }[];
}

/** A scenario file and the directory it is in, removed by `cleanup`. */
export interface LiveScenario {
  env: Record<string, string>;
  path: string;
  cleanup(): void;
}

/**
 * `base` with each GPU's process list replaced by `perGpu[i]` in every frame; `edit` may change
 * the scenario further (a longer hang …).
 */
export function liveScenario(base: string, perGpu: ScenarioProcess[][], edit?: (scenario: ScenarioFile & Record<string, unknown>) => void): LiveScenario {
  const scenario = JSON.parse(readFileSync(scenarioPath(base), 'utf8')) as ScenarioFile & Record<string, unknown>;
  for (const frame of scenario.timeline) {
    frame.devices = scenario.devices.map((_, gpu) => ({ ...(frame.devices[gpu] ?? {}), processes: perGpu[gpu] ?? [] }));
  }
  edit?.(scenario);
  const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-top-e2e-'));
  const file = path.join(dir, `${base}-live.json`);
  writeFileSync(file, JSON.stringify(scenario));
  return { env: fakeNvmlEnv(file), path: file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Real processes to put on the fake GPUs, each in a process group of its own, so that `stop` ends
 * it and whatever it started (a shell's workers) by the group's id.
 */
export class Children {
  private readonly children: ChildProcess[] = [];

  spawn(command: string, args: string[]): ChildProcess {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    this.children.push(child);
    return child;
  }

  pid(child: ChildProcess): number {
    if (child.pid === undefined) throw new Error('child did not start');
    return child.pid;
  }

  stop(): void {
    for (const child of this.children) {
      if (child.pid === undefined) continue;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group has already ended
      }
    }
  }
}

/** Waits until `pid` has `count` children (a shell that started its workers). */
export async function waitForChildren(pid: number, count: number, timeoutMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    if (children.length >= count) return children;
    if (Date.now() > deadline) throw new Error(`process ${pid} has ${children.length} children, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
