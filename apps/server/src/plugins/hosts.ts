import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { hostMatcher } from '../lib/hosts.js';

const HOST_HEADER = /^host$/i;

/** How many Host headers the request came with (Node keeps only the first in `headers`). */
function hostHeaderCount(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (HOST_HEADER.test(raw[i])) count += 1;
  return count;
}

/** Liveness and readiness answer whatever the Host: load balancers often probe by address, and they say nothing. */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * Answers only requests addressed to this deployment, before anything else runs, so no answer is ever made for (or
 * a link built from) a Host an attacker chose, as DNS rebinding or a poisoned cache would need.
 */
export default fp(
  async (app: FastifyInstance) => {
    const allowed = hostMatcher(app.config.publicUrl, app.config.allowedHosts);
    app.addHook('onRequest', async (request) => {
      if (PROBES.has(request.url.split('?', 1)[0])) return;
      if (hostHeaderCount(request) > 1) {
        throw new AppError(400, 'UNKNOWN_HOST', 'Send one Host header');
      }
      // The Host, or the one a trusted proxy forwards (TRUST_PROXY).
      const host = request.host;
      if (!host || !allowed(host)) {
        throw new AppError(400, 'UNKNOWN_HOST', 'This server does not answer for this host');
      }
    });
  },
  { name: 'hosts', dependencies: ['security'] },
);
