// Who may reach `gpuwise serve`, decided before a socket opens. The API shows every GPU process's
// command line and user, so an address other than loopback needs a token; the only way round it
// is the flag that says what it does (--insecure-no-auth). Pure: the CLI turns a refusal into a
// message in the user's language and exit 2.

/** Shortest token accepted: 16 characters of a random hex or base64 string is far past guessing. */
export const MIN_TOKEN_LENGTH = 16;
/** Bearer tokens travel in a header and are typed into the login form: visible ASCII, no spaces. */
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

export type BindAuth =
  /** Every request needs the token (Bearer or the login cookie). */
  | 'token'
  /** Loopback only, no token: reachable from this machine alone (Host/Origin still checked). */
  | 'loopback'
  /** Explicitly opened with --insecure-no-auth. */
  | 'insecure';

export type BindRefusal =
  /** A non-loopback address without a token or --insecure-no-auth. */
  | 'public-without-token'
  | 'token-empty'
  | 'token-too-short'
  | 'token-bad-characters'
  /** --token and --insecure-no-auth together: one of them is a mistake. */
  | 'token-and-insecure';

export type BindDecision = { ok: true; auth: BindAuth; loopback: boolean } | { ok: false; refusal: BindRefusal; loopback: boolean };

export interface BindRequest {
  host: string;
  /** From --token, else GPUWISE_TOKEN; undefined when neither is set. */
  token: string | undefined;
  insecureNoAuth: boolean;
}

/**
 * True for addresses only this machine can reach: 127.0.0.0/8, ::1 (also bracketed and as an
 * IPv4-mapped address) and the name localhost (RFC 6761 keeps it on loopback). The wildcard
 * addresses 0.0.0.0 and :: listen on every interface, so they are not.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare;
  const parts = v4.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return false;
  return parts[0] === '127';
}

/** Why a token cannot be used, or null when it can. */
export function tokenProblem(token: string): BindRefusal | null {
  if (token.length === 0) return 'token-empty';
  if (!TOKEN_CHARACTERS.test(token)) return 'token-bad-characters';
  if (token.length < MIN_TOKEN_LENGTH) return 'token-too-short';
  return null;
}

export function decideBind(request: BindRequest): BindDecision {
  const loopback = isLoopbackHost(request.host);
  if (request.token !== undefined) {
    if (request.insecureNoAuth) return { ok: false, refusal: 'token-and-insecure', loopback };
    const problem = tokenProblem(request.token);
    return problem ? { ok: false, refusal: problem, loopback } : { ok: true, auth: 'token', loopback };
  }
  if (request.insecureNoAuth) return { ok: true, auth: 'insecure', loopback };
  if (loopback) return { ok: true, auth: 'loopback', loopback };
  return { ok: false, refusal: 'public-without-token', loopback };
}

/** --token wins over GPUWISE_TOKEN; an empty GPUWISE_TOKEN counts as unset (a blank line in an env file). */
export function tokenFrom(flag: string | undefined, env: NodeJS.ProcessEnv): { token: string | undefined; source: 'flag' | 'env' | null } {
  if (flag !== undefined) return { token: flag, source: 'flag' };
  const fromEnv = env.GPUWISE_TOKEN;
  if (fromEnv !== undefined && fromEnv !== '') return { token: fromEnv, source: 'env' };
  return { token: undefined, source: null };
}
