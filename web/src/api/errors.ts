// One error type for everything the API client can meet: the server's `{error:{key,message}}`
// answers (status + stable key), a network failure, and an answer that is not the JSON it should
// be (a proxy's HTML page). Pages switch on `key`; `message` is already in the asked language.

/** Keys the client itself produces (the server's own keys are `serve.*`; see docs/api.md). */
export type ClientErrorKey = 'client.network' | 'client.badAnswer' | 'client.aborted';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no answer came (network, aborted). */
    readonly status: number,
    /** The server's stable key (`serve.api.badDevice` …) or a client key. */
    readonly key: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> | null = null,
    /** Seconds from Retry-After (503 noSampleYet, tooManyStreams), when the server sent one. */
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
  }

  get unauthorized(): boolean {
    return this.status === 401;
  }

  /** Worth trying again on its own: the first sample is under way, too many streams, the database busy. */
  get retryable(): boolean {
    return (this.status === 0 && this.key === 'client.network') || (this.status === 503 && this.key !== 'serve.api.noStore');
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function retryAfter(headers: Headers): number | null {
  const text = headers.get('retry-after');
  if (text === null || !/^\d{1,6}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** The server's `{error:{key,message,details}}`, or null when the body is not that shape. */
export function errorFromBody(status: number, headers: Headers, body: unknown): ApiError | null {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (error === null || typeof error.key !== 'string') return null;
  const message = typeof error.message === 'string' ? error.message : error.key;
  return new ApiError(status, error.key, message, isRecord(error.details) ? error.details : null, retryAfter(headers));
}

/**
 * The error a non-2xx answer stands for. The body is read as text first so that a body that is
 * not the server's JSON (an HTML page from a proxy, an empty 502) still gives an error with the
 * status, not a parse exception.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = null;
  }
  return (
    errorFromBody(response.status, response.headers, body) ??
    new ApiError(response.status, `http.${response.status}`, `HTTP ${response.status} ${response.statusText}`.trim(), null, retryAfter(response.headers))
  );
}

export function networkError(cause: unknown): ApiError {
  const aborted = isRecord(cause) && cause.name === 'AbortError';
  const text = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(0, aborted ? 'client.aborted' : 'client.network', text);
}

export function badAnswer(status: number, why: string): ApiError {
  return new ApiError(status, 'client.badAnswer', why);
}
