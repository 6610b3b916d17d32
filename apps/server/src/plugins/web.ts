import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localeFromHeader } from '../lib/accept-language.js';
import { notFound } from '../lib/errors.js';
import { pickEncoding, WebPages } from './web-pages.js';

/**
 * The web app's language, which it also keeps in this cookie so pre-rendered pages come in the reader's language; before
 * any choice, the browser's Accept-Language.
 */
const LOCALE_COOKIE = /(?:^|;\s*)locale=([a-z]{2})(?:;|$)/;
const DEFAULT_LOCALE = 'en';

/**
 * Serves the built web app: hashed assets cached for good and sent from their brotli or gzip copies written at build
 * time; every app path gets its screen's HTML (history fallback); unknown /api and /signal paths stay JSON 404s.
 */
export default fp(
  async (app: FastifyInstance, opts: { root?: string }) => {
    const root = opts.root;
    const pages = root !== undefined && existsSync(join(root, 'index.html')) ? new WebPages(root) : undefined;
    if (root && pages) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (reply, path) => {
          // Vite puts content-hashed files under /assets: they never change, so cache them for a year.
          const hashed = path.includes('/assets/');
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const vary = pages?.multilingual ? 'accept-encoding, cookie, accept-language' : 'accept-encoding';

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      // /metrics too: without METRICS_TOKEN it does not exist, rather than being a page.
      const isApi =
        path.startsWith('/api/') ||
        path.startsWith('/assets/') ||
        path === '/api' ||
        path.startsWith('/signal/') ||
        path === '/metrics';
      if (pages && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        // The visitor's choice, else what their browser asks for (a first visit before any choice).
        const lang =
          LOCALE_COOKIE.exec(request.headers.cookie ?? '')?.[1] ??
          localeFromHeader(request.headers['accept-language']) ??
          DEFAULT_LOCALE;
        const encoding = pickEncoding(request.headers['accept-encoding']);
        reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', vary);
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.send(pages.find(path, lang).body(encoding));
      }
      throw notFound(`${request.method} ${path}`);
    });
  },
  { name: 'web' },
);
