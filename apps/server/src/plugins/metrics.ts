import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { unauthorized } from '../lib/errors.js';
import { registerStateGauges } from './metrics-state.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's bytes nor its length show in the time a refusal takes. */
function tokenMatcher(token: string) {
  const expected = digest(token);
  return (header: string | undefined) => {
    const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}

/**
 * `GET /metrics` in the Prometheus text format, behind METRICS_TOKEN; without it nothing here runs, not even per
 * request. Each app has its own registry, so apps built in one process (tests) never share a figure.
 */
export default fp(
  async (app: FastifyInstance) => {
    const token = app.config.metricsToken;
    if (!token) return;
    const registry = new Registry();
    const registers = [registry];
    // Includes the event-loop delay (nodejs_eventloop_lag_*), its percentiles over the time since the last scrape.
    collectDefaultMetrics({ register: registry });

    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    const rateLimited = new Counter({
      name: 'rozmova_rate_limited_total',
      help: 'Requests refused with 429 RATE_LIMITED, by route pattern.',
      labelNames: ['route'],
      registers,
    });
    // The route pattern, never the URL, so ids and query strings never become labels.
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      requests.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
      if (status === 429) rateLimited.inc({ route });
      done();
    });

    const signInFailures = new Counter({
      name: 'rozmova_sign_in_failures_total',
      help: 'Refused sign-ins: wrong password, wrong or dead code, dead sign-in link.',
      labelNames: ['method'],
      registers,
    });
    for (const method of ['password', 'code', 'magic-link']) signInFailures.inc({ method }, 0);
    app.events.on('signInFailed', (method) => signInFailures.inc({ method }));
    const mailsSent = new Counter({ name: 'rozmova_mails_sent_total', help: 'Mails the mail server took.', registers });
    const mailsFailed = new Counter({
      name: 'rozmova_mails_failed_total',
      help: 'Mails the mail server refused, or that could not be handed to it.',
      registers,
    });
    app.events.on('mailSettled', (outcome) => (outcome === 'sent' ? mailsSent : mailsFailed).inc());

    registerStateGauges(app, registers);

    const allowed = tokenMatcher(token);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!allowed(request.headers.authorization)) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized('Wrong or missing metrics token');
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
