// createServerApp: the whole HTTP side of `gpuwise serve` as a hono app — a fetch(Request) →
// Response function, so tests call `app.request()` with no port and `serve` hands it to
// @hono/node-server. Every route reads the sampler's latest sample or the store; none reads GPUs.

import { Hono } from 'hono';
import { createTranslator } from '../i18n/index.js';
import { authentication } from './auth.js';
import { ApiError, errorAnswer } from './errors.js';
import { hostCheck, originCheck, readOnlyMethods, requestBodyLimit, securityHeaders, urlSizeLimit } from './guard.js';
import { requestLocale } from './locale.js';
import { DEFAULT_STREAM_LIMITS, type ServerAppOptions, type ServerEnv } from './options.js';
import { CONTENT_SECURITY_POLICY } from './pages.js';
import { parseQuery } from './query.js';
import { advisorRoutes } from './routes/advisor.js';
import { doctorRoutes } from './routes/doctor.js';
import { fleetRoutes } from './routes/fleet.js';
import { healthRoutes } from './routes/health.js';
import { liveRoutes } from './routes/live.js';
import { pageRoutes } from './routes/pages.js';
import { recordedRoutes } from './routes/recorded.js';
import { createStreamHub, type StreamClientStats } from './stream.js';

export interface ServerApp extends Hono<ServerEnv> {
  /** The live streams now: one entry per client, with its pending count (0 or 1). */
  streamClients(): StreamClientStats[];
  /** Ends every live stream; `serve` calls it on shutdown so open EventSources do not hold the server. */
  closeStreams(): void;
}

export function createServerApp(options: ServerAppOptions): ServerApp {
  const app = new Hono<ServerEnv>();
  const streams = createStreamHub(options.sampler, { ...DEFAULT_STREAM_LIMITS, ...options.stream });

  // Order matters: headers wrap everything (errors too); the language is known before any error
  // is written; Host before auth so a rebinding page does not even see the login form.
  app.use(securityHeaders(CONTENT_SECURITY_POLICY));
  app.use(async (c, next) => {
    const locale = requestLocale(new URL(c.req.url), c.req.header('accept-language'));
    c.set('locale', locale);
    c.set('t', createTranslator(locale));
    c.set('authenticated', false);
    await next();
  });
  app.use(urlSizeLimit());
  app.use(hostCheck(options.allowedHosts));
  app.use(readOnlyMethods());
  app.use(originCheck());
  app.use(requestBodyLimit());
  app.use(authentication(options.auth));

  liveRoutes(app, options);
  recordedRoutes(app, options);
  healthRoutes(app, options, streams);
  doctorRoutes(app, options, options.doctor);
  advisorRoutes(app);
  fleetRoutes(app, options.fleet ?? null);
  app.get('/api/v1/stream', (c) => {
    parseQuery(new URL(c.req.url), {});
    // HEAD would open a stream whose body nobody reads; answer its headers only.
    if (c.req.raw.method === 'HEAD') return c.body(null, 200, { 'content-type': 'text/event-stream' });
    return streams.open(c);
  });
  pageRoutes(app, options);

  app.notFound((c) => errorAnswer(c, new ApiError(404, 'serve.http.notFound')));
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorAnswer(c, error);
    options.onError?.(error);
    return errorAnswer(c, new ApiError(500, 'serve.api.internal'));
  });

  return Object.assign(app, { streamClients: () => streams.clients(), closeStreams: () => streams.closeAll() });
}
