// The HTTP side of `gpuwise serve` (see docs/api.md).
export { createServerApp, type ServerApp } from './app.js';
export { loopbackAllowedHosts, DEFAULT_STREAM_LIMITS, MAX_BODY_BYTES, MAX_URL_BYTES } from './options.js';
export type { ServerAppOptions, ServerAuthOptions, StreamLimits } from './options.js';
export { METRICS_CONTENT_TYPE } from './routes/pages.js';
export { parseTime } from './query.js';
