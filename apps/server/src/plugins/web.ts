import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.js';

/** Serves the built web app with history fallback; unknown /api and /signal paths stay JSON 404s. */
export default fp(
  async (app: FastifyInstance, opts: { root?: string }) => {
    const root = opts.root;
    const hasWeb = root !== undefined && existsSync(join(root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders: (res, path) => {
          // Vite puts content-hashed files under /assets: they never change, so cache them for a year.
          const hashed = path.includes('/assets/');
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      const isApi = path.startsWith('/api/') || path.startsWith('/assets/') || path === '/api' || path.startsWith('/signal/');
      if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      throw notFound(`${request.method} ${path}`);
    });
  },
  { name: 'web' },
);
