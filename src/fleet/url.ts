// Prometheus's URL as a user writes it. `http://user:password@host:9090` is basic auth as curl and
// browsers take it, so it is taken as that: the credentials come off the URL
// (fetch() refuses a URL that carries them, with an English message that echoes the password) and
// go in the Authorization header. A URL shown in any message is the one without them.

import type { PrometheusAuth } from './client.js';
import { FleetError } from './errors.js';

export interface PrometheusUrl {
  /** The URL requests are made under, without credentials. */
  base: URL;
  /** What messages, logs and API errors name: origin and path, no credentials, no trailing slash. */
  shown: string;
  /** The auth to send: the one given, or the URL's user and password. */
  auth: PrometheusAuth;
}

/** The URL as typed, its password (and anything that may be one) masked: for a URL that does not parse. */
export function maskedUrl(text: string): string {
  // Greedy to the last '@': a password with an '@' in it is masked whole.
  return text.replace(/^([a-z][a-z\d+.-]*:\/\/)([^:/?#@]*)(:[^]*)?@/i, (_, scheme: string, user: string, password?: string) => `${scheme}${user}${password ? ':***' : ''}@`);
}

/** Whether the URL names a user (`http://user:password@…`). */
export function urlHasCredentials(text: string): boolean {
  try {
    const url = new URL(text);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** Throws FleetError: badUrl (not http[s]), credentialsTwice (the URL's and --prometheus-user's or a token). */
export function parsePrometheusUrl(text: string, given: PrometheusAuth): PrometheusUrl {
  let base: URL;
  try {
    base = new URL(text);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(base.protocol);
  } catch {
    throw new FleetError('fleet.error.badUrl', { url: maskedUrl(text) });
  }
  const shown = `${base.origin}${base.pathname}`.replace(/\/$/, '');
  if (base.username === '' && base.password === '') return { base, shown, auth: given };
  // Two sets of credentials: which one the user meant is a guess, and a wrong guess fails as a 401.
  if (given.basic || given.bearerToken) throw new FleetError('fleet.error.credentialsTwice', { url: shown });
  const auth: PrometheusAuth = { basic: { user: decoded(base.username), password: decoded(base.password) } };
  base.username = '';
  base.password = '';
  return { base, shown, auth };
}
