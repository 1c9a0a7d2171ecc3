import { describe, expect, it } from 'vitest';
import { classifyProcfs, INIT_PID_NAMESPACE_INODE, namespacePidMatches, parseNamespaceLink } from './pid-namespace.js';

const INIT = `pid:[${INIT_PID_NAMESPACE_INODE}]`;
const CONTAINER = 'pid:[4026532177]';

describe('PID namespace of a procfs', () => {
  it('parses namespace links', () => {
    expect(INIT).toBe('pid:[4026531836]');
    expect(parseNamespaceLink(INIT)).toBe(4026531836);
    expect(parseNamespaceLink('net:[4026531840]')).toBeNull();
    expect(parseNamespaceLink('garbage')).toBeNull();
  });

  it('trusts PID 1’s namespace when it is readable', () => {
    expect(classifyProcfs({ initProcessLink: INIT, selfLink: INIT, selfNamespacePids: [4100] })).toEqual({ view: 'host', callerSharesProcfsNamespace: true });
    expect(classifyProcfs({ initProcessLink: CONTAINER, selfLink: CONTAINER, selfNamespacePids: [15] }).view).toBe('isolated');
  });

  it('sees a host /proc mounted into a container as the host view, without kill() probes', () => {
    // /host/proc/1 is the host's init; we are in a container, so self has two NSpid entries.
    expect(classifyProcfs({ initProcessLink: INIT, selfLink: CONTAINER, selfNamespacePids: [48213, 15] })).toEqual({ view: 'host', callerSharesProcfsNamespace: false });
  });

  it('falls back to its own namespace when /proc/1/ns is denied (non-root)', () => {
    expect(classifyProcfs({ initProcessLink: null, selfLink: INIT, selfNamespacePids: [4100] })).toEqual({ view: 'host', callerSharesProcfsNamespace: true });
    expect(classifyProcfs({ initProcessLink: null, selfLink: CONTAINER, selfNamespacePids: [15] })).toEqual({ view: 'isolated', callerSharesProcfsNamespace: false });
  });

  it('admits when it cannot tell', () => {
    // An ancestor's procfs seen from a nested namespace: which ancestor is unknown.
    expect(classifyProcfs({ initProcessLink: null, selfLink: CONTAINER, selfNamespacePids: [300, 15] }).view).toBe('unknown');
    // Kernel without NSpid and no readable PID 1.
    expect(classifyProcfs({ initProcessLink: null, selfLink: CONTAINER, selfNamespacePids: null }).view).toBe('unknown');
    expect(classifyProcfs({ initProcessLink: null, selfLink: null, selfNamespacePids: null }).view).toBe('unknown');
  });

  it('checks the first NSpid entry against the PID asked for', () => {
    expect(namespacePidMatches(7100, [7100, 12])).toBe(true);
    expect(namespacePidMatches(7200, [9999])).toBe(false);
    expect(namespacePidMatches(7200, null)).toBe(true);
  });
});
