import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The websocket origin of the public address (ws://host:port or wss://host:port): signalling runs on the same
 * origin, and naming it keeps connect-src from allowing every websocket host (`ws:`/`wss:` would).
 */
export function websocketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * What the policy admits beyond the public address: the hashes (`sha256-…`) of the web pages' inline scripts, and
 * other origins the pages may connect to (the Janus servers of group calls).
 */
export type SecurityOptions = { scriptHashes?: string[]; connectTo?: string[] };

/** The origin (scheme, host and port) of a ws:// or wss:// address, as connect-src names it. */
const originOf = (url: string) => {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
};

export const helmetOptions = (publicUrl: string, { scriptHashes = [], connectTo = [] }: SecurityOptions): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Inline scripts only by hash: the one the pages carry runs, any injected one does not.
      scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
      // Mantine and Swagger UI set inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      // 'self' covers same-origin websockets in current browsers; the named origin covers the rest.
      connectSrc: ["'self'", websocketOrigin(publicUrl), ...new Set(connectTo.map(originOf))],
      fontSrc: ["'self'", 'data:'],
      // The admin's document viewer shows a fetched PDF in a frame from a blob: URL (the browser's own viewer).
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // The same as frame-ancestors 'none', for browsers that only know X-Frame-Options.
  frameguard: { action: 'deny' },
  // Sent per request, only over HTTPS (see below): over plain HTTP it means nothing and misleads.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
});

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with these options, in its order: they depend on nothing in the request. helmet has no
 * public call that answers its headers, only its middleware, so that runs once here against a response that records
 * them (its middleware sets them synchronously, by setHeader and removeHeader only); security.test.ts pins the helmet
 * version and that this gives what it sets on a real response.
 */
export function helmetHeaders(publicUrl: string, options: SecurityOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  let failed: unknown;
  helmet(helmetOptions(publicUrl, options))({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/** Security headers for every answer, worked out once at start (helmet would rebuild them, CSP included, per request). */
export default fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    const janus = app.config.janus?.servers.map((s) => s.publicUrl) ?? [];
    const headers = helmetHeaders(app.config.publicUrl, { ...options, connectTo: [...(options.connectTo ?? []), ...janus] });
    // PUBLIC_URL https: the server is reached over HTTPS (usually through a proxy), so every answer carries HSTS.
    // Otherwise only answers to requests that came over HTTPS do: directly, or as a trusted proxy says (TRUST_PROXY).
    const alwaysHttps = app.config.publicUrl.startsWith('https:');
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      // On the raw response, like helmet: they come first on the wire and survive error answers.
      for (const [name, value] of headers) raw.setHeader(name, value);
      if (alwaysHttps || request.protocol === 'https') raw.setHeader('Strict-Transport-Security', HSTS);
      // A route that sets its own Cache-Control (avatars) sets it on the reply, which goes out with writeHead and so
      // takes the place of this one.
      if (request.url.startsWith('/api/')) raw.setHeader('Cache-Control', 'no-store');
      done();
    });
  },
  { name: 'security' },
);
