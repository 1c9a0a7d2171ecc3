// A process that records as fast as it can until it is killed: the kill -9 test's child.
// argv: <db path> <first seq> <wall clock of seq 0>. Prints "committed <seq>" after each flush
// that committed, so the parent knows which samples must survive.

import type { SampleListener } from '../../monitor/sampler.js';
import { createRecorder } from '../recorder.js';
import { openHistoryStore } from '../sqlite-store.js';
import { busySample } from './samples.js';

const [path, first, base] = process.argv.slice(2);
const store = openHistoryStore({ path: path!, pruneEveryMs: Infinity });
const listeners = new Set<SampleListener>();
const sampler = { subscribe: (listener: SampleListener) => (listeners.add(listener), () => listeners.delete(listener)) };
createRecorder({
  sampler,
  store,
  flushEveryMs: 5,
  onFlush: ({ lastSeq }) => process.stdout.write(`committed ${lastSeq}\n`),
  onError: (error) => process.stderr.write(`write failed: ${String(error)}\n`),
});
let seq = Number(first);
const tick = () => {
  for (let i = 0; i < 4; i++, seq++) {
    const sample = busySample(seq, Number(base) + seq * 10);
    for (const listener of listeners) listener(sample);
  }
  setImmediate(tick);
};
process.stdout.write('ready\n');
tick();
