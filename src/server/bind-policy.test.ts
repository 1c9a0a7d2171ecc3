import { describe, expect, it } from 'vitest';
import { decideBind, isLoopbackHost, MIN_TOKEN_LENGTH, tokenFrom } from './bind-policy.js';

const GOOD_TOKEN = 'a'.repeat(MIN_TOKEN_LENGTH);

describe('isLoopbackHost', () => {
  it('knows the addresses only this machine can reach', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'app.localhost', '::1', '[::1]', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('treats the wildcards, other addresses and look-alikes as public', () => {
    for (const host of ['0.0.0.0', '::', '[::]', '10.0.0.5', '192.168.1.2', '128.0.0.1', '127.0.0.256', '127.0.0', '127.0.0.1.example.com', 'localhost.example.com', 'gpu-box', '::ffff:10.0.0.1', '']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('decideBind', () => {
  it('opens loopback without a token, and needs one anywhere else', () => {
    expect(decideBind({ host: '127.0.0.1', token: undefined, insecureNoAuth: false })).toEqual({ ok: true, auth: 'loopback', loopback: true });
    expect(decideBind({ host: '0.0.0.0', token: undefined, insecureNoAuth: false })).toEqual({ ok: false, refusal: 'public-without-token', loopback: false });
    expect(decideBind({ host: '::', token: undefined, insecureNoAuth: false })).toMatchObject({ ok: false, refusal: 'public-without-token' });
    expect(decideBind({ host: '0.0.0.0', token: GOOD_TOKEN, insecureNoAuth: false })).toEqual({ ok: true, auth: 'token', loopback: false });
    // A token on loopback is honoured too (a shared machine).
    expect(decideBind({ host: '127.0.0.1', token: GOOD_TOKEN, insecureNoAuth: false })).toMatchObject({ ok: true, auth: 'token' });
  });

  it('lets --insecure-no-auth open a public address, but not together with a token', () => {
    expect(decideBind({ host: '0.0.0.0', token: undefined, insecureNoAuth: true })).toEqual({ ok: true, auth: 'insecure', loopback: false });
    expect(decideBind({ host: '0.0.0.0', token: GOOD_TOKEN, insecureNoAuth: true })).toMatchObject({ ok: false, refusal: 'token-and-insecure' });
  });

  it('refuses tokens that are empty, short, or cannot travel in a header', () => {
    const refusal = (token: string) => {
      const decision = decideBind({ host: '0.0.0.0', token, insecureNoAuth: false });
      return decision.ok ? null : decision.refusal;
    };
    expect(refusal('')).toBe('token-empty');
    expect(refusal('a'.repeat(MIN_TOKEN_LENGTH - 1))).toBe('token-too-short');
    expect(refusal(`${GOOD_TOKEN} x`)).toBe('token-bad-characters');
    expect(refusal(`${GOOD_TOKEN}\r\nX-Injected: 1`)).toBe('token-bad-characters');
    expect(refusal(`${GOOD_TOKEN}é`)).toBe('token-bad-characters');
    expect(refusal(`${GOOD_TOKEN}\u202e`)).toBe('token-bad-characters');
    expect(refusal('0123456789abcdef0123456789abcdef')).toBeNull();
  });
});

describe('tokenFrom', () => {
  it('takes --token over GPUWISE_TOKEN, and an empty variable as unset', () => {
    expect(tokenFrom('from-flag', { GPUWISE_TOKEN: 'from-env' })).toEqual({ token: 'from-flag', source: 'flag' });
    expect(tokenFrom(undefined, { GPUWISE_TOKEN: 'from-env' })).toEqual({ token: 'from-env', source: 'env' });
    expect(tokenFrom(undefined, { GPUWISE_TOKEN: '' })).toEqual({ token: undefined, source: null });
    expect(tokenFrom(undefined, {})).toEqual({ token: undefined, source: null });
    // An empty --token is the user's mistake to hear about, not "no token".
    expect(tokenFrom('', {})).toEqual({ token: '', source: 'flag' });
  });
});
