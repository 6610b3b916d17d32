import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The path with each query value blanked: query strings can carry secrets (the magic-login token), and the keys alone
 * still tell which request it was.
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const keys = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return keys.length ? `${url.slice(0, at)}?${keys.join('&')}` : url.slice(0, at);
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * One line per API request once it is answered, and nothing for static files and page loads unless they fail: a line
 * per asset a browser fetched would bury what the app did. Fastify's other request errors are logged as usual.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const failed = Boolean(error) || reply.statusCode >= 500;
    if (!failed && !isApi(request.url)) return;
    const entry = {
      method: request.method,
      url: loggedUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (failed) reply.log.error({ ...entry, err: error ?? undefined }, 'request failed');
    else reply.log.info(entry, 'request completed');
  }
}
