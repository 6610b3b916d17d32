import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { hostMatcher, hostRefusal } from '../lib/hosts.js';

/**
 * Liveness and readiness answer whatever the Host: load balancers often probe by address, and they say nothing. So
 * do metrics, which Prometheus scrapes by address too; they answer only its bearer token, which no page can send.
 */
const PROBES = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * Answers only requests addressed to this deployment, before anything else runs, so no answer is ever made for (or
 * a link built from) a Host an attacker chose, as DNS rebinding or a poisoned cache would need. Signalling applies
 * the same rule to its own requests (signal/requests.ts).
 */
export default fp(
  async (app: FastifyInstance) => {
    const allowed = hostMatcher(app.config.publicUrl, app.config.allowedHosts);
    app.addHook('onRequest', async (request) => {
      if (PROBES.has(request.url.split('?', 1)[0])) return;
      // The Host, or the one a trusted proxy forwards (TRUST_PROXY).
      const refusal = hostRefusal(request.raw.rawHeaders, request.host, allowed);
      if (refusal) throw new AppError(400, 'UNKNOWN_HOST', refusal);
    });
  },
  { name: 'hosts', dependencies: ['security'] },
);
