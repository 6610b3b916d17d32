import { type IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorBody } from '@rozmova/contract';
import type { Config } from '../config.js';
import { hostMatcher, hostRefusal, proxyTrust, requestHost } from '../lib/hosts.js';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void) => void;

/**
 * Every request socket.io takes (polling, the websocket upgrade, the handshake and each later one) before it reads
 * it: socket.io's requests never reach Fastify's hooks, so this holds them to the API's Host rule and gives its
 * answers the API's `nosniff`.
 */
export function requestGuard(config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'trustProxy'>): Middleware {
  const allowed = hostMatcher(config.publicUrl, config.allowedHosts);
  const trusted = proxyTrust(config.trustProxy);
  return (req, res, next) => {
    // Set before any answer is written: socket.io's own writeHead adds its headers to these.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const refusal = hostRefusal(req.rawHeaders, requestHost(req, trusted), allowed);
    if (!refusal) return next();
    // A polling request gets the API's answer; an upgrade has no response object, and socket.io answers it 400 itself.
    if (res instanceof ServerResponse) {
      const body: ErrorBody = { statusCode: 400, code: 'UNKNOWN_HOST', message: refusal };
      res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(body));
    }
    next(new Error(refusal));
  };
}
