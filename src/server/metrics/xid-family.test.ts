import { describe, expect, it } from 'vitest';
import { createLastXidTracker } from './xid-family.js';

const event = (kind: string, deviceKey: string | null, xid: unknown) => ({ kind, deviceKey, params: { xid } as Record<string, string | number> });

describe('createLastXidTracker', () => {
  it('keeps the last Xid per GPU, and only real Xid events of a known GPU', () => {
    const tracker = createLastXidTracker();
    tracker.seen([event('xid', 'GPU-a', 13), event('xid', 'GPU-b', 48)]);
    tracker.seen([event('xid', 'GPU-a', 79), event('xid', null, 79), event('throttle-start', 'GPU-b', 94), event('xid', 'GPU-c', 'x'), event('xid', 'GPU-c', -1)]);
    expect([...tracker.last]).toEqual([['GPU-a', 79], ['GPU-b', 48]]);
  });
});
