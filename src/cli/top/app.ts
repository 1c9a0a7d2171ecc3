// `top` running: samples from the sampler (its only source of readings), keys from the terminal,
// resizes, and a frame drawn after each of them. The state is pure (state.ts) and the frame too
// (screen.ts); this file holds what changes over time and carries out the effects.

import type { Snapshot } from '../../core/snapshot.js';
import type { Locale, Translate } from '../../i18n/index.js';
import { deviceKey, type HistoryWindow } from '../../monitor/history.js';
import type { Sample, Sampler } from '../../monitor/sampler.js';
import { safeView } from '../render/safe-view.js';
import { terminalSize } from '../terminal.js';
import { FrameWriter } from './frame-writer.js';
import { decodeKeys } from './keys.js';
import { memoTranslate } from './memo.js';
import { buildRows, filterChoices, type ProcessRow } from './process-rows.js';
import { composeScreen, type ScreenOutput } from './screen.js';
import { checkSignalable, identify, killProbe, sendSignal, type Kill, type Probe } from './signals.js';
import { handleKey, initialState, type Effect, type SignalName, type SignalTarget, type TopState, type ViewMode } from './state.js';
import type { Theme } from './theme.js';
import { secondsShort } from './units.js';

/** The history columns the graphs draw. */
const GRAPH_COLUMNS = ['gpuUtilPercent', 'memoryUsedBytes', 'powerDrawWatts'] as const;
/** How long the identity check before a signal may take (a hung GPU delays the read). */
const CHECK_TIMEOUT_MS = 8000;
/** How long the header keeps telling of a slow read after it. */
const SLOW_READ_HOLD_MS = 10_000;

export interface TopStreams {
  input: NodeJS.EventEmitter & { setEncoding?(encoding: BufferEncoding): unknown };
  output: NodeJS.EventEmitter & { columns?: number; rows?: number; write(text: string): unknown };
}

export interface TopAppOptions {
  sampler: Sampler;
  streams: TopStreams;
  env: NodeJS.ProcessEnv;
  theme: Theme;
  t: Translate;
  locale: Locale;
  readonly: boolean;
  spanSeconds: number;
  view: ViewMode;
  /** Wall clock (ms); tests move it. */
  now?: () => number;
  probe?: Probe;
  kill?: Kill;
  /** Ctrl-Z: the runner gives the terminal back and stops the process. */
  suspend?: () => void;
}

export interface TopApp {
  /** Resolves when the user quits (q, Ctrl-C). */
  readonly done: Promise<void>;
  /** Draws again from scratch (after a resume, or another program wrote to the screen). */
  redraw(): void;
  /** Ends it from outside (a signal); idempotent. */
  quit(): void;
  /** The newest frame, for tests. */
  frame(): readonly string[];
}

export function startTopApp(options: TopAppOptions): TopApp {
  const { sampler, streams, theme } = options;
  const t = memoTranslate(options.t);
  const now = options.now ?? Date.now;
  const writer = new FrameWriter(streams.output);
  let state: TopState = initialState({ intervalMs: sampler.intervalMs, spanSeconds: options.spanSeconds, view: options.view });
  let latest: Sample | null = null;
  // The slowest read of the last few seconds: a GPU that blocks every other read makes reads
  // alternate between slow and fast, and the warning must not flicker off between them.
  let slowRead: { ms: number; atMs: number } | null = null;
  let snapshot: Snapshot | null = null;
  const troubleSince = new Map<string, number>();
  let rowsCache: { key: string; rows: ProcessRow[] } | null = null;
  let screen: ScreenOutput | null = null;
  let lines: string[] = [];
  let finished = false;
  let resolveDone = () => {};
  const done = new Promise<void>((resolve) => (resolveDone = resolve));

  const size = () => terminalSize(streams.output, options.env);
  const staleAfterMs = () => 2 * state.intervalMs + 3000;
  const isStale = () => latest !== null && now() - latest.wallMs > staleAfterMs();

  const rows = (): ProcessRow[] => {
    if (!snapshot || !latest) return [];
    const key = `${latest.seq}|${JSON.stringify(state.sort)}|${JSON.stringify(state.filter)}|${state.tree}`;
    if (rowsCache?.key !== key) rowsCache = { key, rows: buildRows(snapshot, { sort: state.sort, filter: state.filter, tree: state.tree }) };
    return rowsCache.rows;
  };

  // Read for each frame and not kept: a window held from one frame to the next is young data
  // every collection in between copies and then promotes (~150 KB a frame on 8 GPUs).
  const history = (): HistoryWindow | null => (latest ? sampler.window(state.spanSeconds, GRAPH_COLUMNS) : null);

  const render = () => {
    if (finished) return;
    const { columns, rows: height } = size();
    screen = composeScreen({
      snapshot, history: history(), rows: rows(), state, columns, lines: height, nowMs: now(), sampleMs: latest?.wallMs ?? null,
      stale: isStale(), readMs: slowRead?.ms ?? null, troubleSinceMs: troubleSince, readonly: options.readonly, theme, t, locale: options.locale,
    });
    // Keep the scroll position the frame settled on, so paging continues from it.
    if (screen.scroll !== state.scroll) state = { ...state, scroll: screen.scroll };
    if (state.details !== null && screen.detailsScroll !== state.detailsScroll) state = { ...state, detailsScroll: screen.detailsScroll };
    lines = screen.lines;
    writer.draw(lines, columns, height);
    // Not kept till the next frame (keys build them again): 200 rows held across frames are
    // young data every collection in between copies and then promotes.
    rowsCache = null;
  };

  let scheduled = false;
  const schedule = () => {
    if (scheduled || finished) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      render();
    });
  };

  // While no reading comes, the header counts how long: a check once a second, a frame only
  // when the reading is overdue (or just stopped being).
  let wasStale = false;
  const staleCheck = setInterval(() => {
    const stale = isStale();
    if (stale || stale !== wasStale) schedule();
    wasStale = stale;
  }, 1000);
  staleCheck.unref();

  const onSample = (sample: Sample) => {
    const previous = snapshot;
    latest = sample;
    if (slowRead === null || sample.backendMs >= slowRead.ms || sample.wallMs - slowRead.atMs > SLOW_READ_HOLD_MS) {
      slowRead = { ms: sample.backendMs, atMs: sample.wallMs };
    }
    snapshot = safeView(sample.snapshot);
    for (const device of snapshot.devices) {
      const key = deviceKey(device);
      if (device.state === 'ok') troubleSince.delete(key);
      else if (!troubleSince.has(key)) troubleSince.set(key, sample.wallMs);
    }
    if (previous?.backend && snapshot.backend && previous.backend !== snapshot.backend) {
      state = { ...state, message: { key: 'top.backend.switched', params: { from: previous.backend, to: snapshot.backend }, level: 'warn' } };
    }
    schedule();
  };

  const policy = () => ({ readonly: options.readonly, selfPid: process.pid, probe: options.probe ?? killProbe });

  const openSignalMenu = (target: SignalTarget) => {
    const row = rows().find((r) => r.key === target.rowKey);
    const check = row ? checkSignalable(row, policy()) : ({ ok: false, key: 'top.signal.gone' } as const);
    state = check.ok ? { ...state, signalMenu: target } : { ...state, message: { key: check.key, params: { pid: target.pid }, level: 'warn' } };
  };

  const signal = async (target: SignalTarget, name: SignalName) => {
    state = { ...state, message: { key: 'top.signal.checking', params: { pid: target.pid }, level: 'info' } };
    schedule();
    // Read again before sending: the PID must still be the process the user confirmed. A sampler
    // stopped meanwhile (top quitting) rejects the read: nothing is known, nothing is sent.
    const fresh = await Promise.race([sampler.refresh().then((s) => s.snapshot, () => null), new Promise<null>((resolve) => setTimeout(() => resolve(null), CHECK_TIMEOUT_MS).unref())]);
    if (finished) return;
    const identity = fresh ? identify(target, fresh) : 'unknown';
    const params = { pid: target.pid, signal: name };
    if (identity !== 'same') {
      const key = identity === 'changed' ? 'top.signal.changed' : identity === 'gone' ? 'top.signal.gone' : 'top.signal.unresolved';
      state = { ...state, message: { key, params, level: 'warn' } };
    } else {
      const check = checkSignalable({ pid: target.pid, resolution: 'ok' }, policy());
      const result = check.ok ? sendSignal(target.pid, name, options.kill) : { ok: false as const, key: check.key };
      state = result.ok
        ? { ...state, message: { key: 'top.signal.sent', params, level: 'info' } }
        : { ...state, message: { key: result.key, params: { ...params, reason: 'reason' in result ? (result.reason ?? '') : '' }, level: 'error' } };
    }
    schedule();
  };

  const apply = (effect: Effect) => {
    switch (effect.kind) {
      case 'quit':
        return quit();
      case 'interval': {
        const ms = sampler.setInterval(effect.ms);
        state = { ...state, intervalMs: ms, message: { key: 'top.interval.changed', params: { interval: secondsShort(ms / 1000, options.locale) }, level: 'info' } };
        return;
      }
      case 'signal-menu':
        return openSignalMenu(effect.target);
      case 'signal':
        return void signal(effect.target, effect.signal);
      case 'redraw':
        return writer.invalidate();
      case 'suspend':
        return options.suspend?.();
    }
  };

  const onData = (chunk: string | Buffer) => {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    for (const key of decodeKeys(text)) {
      if (finished) return;
      const current = screen;
      const result = handleKey(state, key, {
        rows: rows(),
        pageRows: current?.pageRows ?? 0,
        choices: snapshot ? filterChoices(snapshot) : { users: [], gpus: [] },
        hitTest: current?.hitTest ?? (() => null),
      });
      state = result.state;
      for (const effect of result.effects) apply(effect);
    }
    schedule();
  };

  const onResize = () => {
    writer.invalidate();
    schedule();
  };

  function quit() {
    if (finished) return;
    finished = true;
    off();
    clearInterval(staleCheck);
    streams.input.off('data', onData);
    streams.input.off('end', quit);
    streams.output.off('resize', onResize);
    resolveDone();
  }

  streams.input.setEncoding?.('utf8');
  streams.input.on('data', onData);
  // The terminal went away (its input ended): nothing more can be asked or seen.
  streams.input.on('end', quit);
  streams.output.on('resize', onResize);
  const off = sampler.subscribe(onSample);
  const first = sampler.latest();
  if (first) onSample(first);
  render();

  return {
    done,
    redraw: () => {
      writer.invalidate();
      render();
    },
    quit,
    frame: () => lines,
  };
}
