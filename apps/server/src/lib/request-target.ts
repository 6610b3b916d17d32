import { createServer, type RequestListener, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { ErrorBody } from '@rozmova/contract';

/** The options Fastify hands its server factory, with its defaults filled in. */
type FactoryOptions = {
  http?: ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number | null;
};

function refuse(res: ServerResponse): void {
  const body: ErrorBody = { statusCode: 400, code: 'VALIDATION', message: 'The request target must be a path' };
  const json = JSON.stringify(body);
  res.writeHead(400, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  res.end(json);
}

/**
 * Fastify's HTTP server, made as Fastify makes it (its timeouts), that answers 400 before routing to a request whose
 * target is not a path. The absolute form (`GET http://elsewhere/… HTTP/1.1`) is for proxies (RFC 9112 §3.2.2): the
 * router would take the path out of it and serve a host that no Host rule looked at.
 */
export function originFormServer(handler: RequestListener, opts: FactoryOptions): Server {
  const server = createServer(opts.http ?? {}, (req, res) => (req.url?.startsWith('/') ? handler(req, res) : refuse(res)));
  server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
  server.requestTimeout = opts.requestTimeout ?? 0;
  server.setTimeout(opts.connectionTimeout ?? 0);
  if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
  return server;
}
