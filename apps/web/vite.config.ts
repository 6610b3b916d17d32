import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Puts early-input.js into every page's head as an inline script, without its comments and indentation: it must run
 * before the first paint, and a script file would hold that paint back. The server's CSP admits it by its hash.
 */
const earlyInput = (): Plugin => ({
  name: 'early-input',
  transformIndexHtml: () => {
    const source = readFileSync(fileURLToPath(new URL('./early-input.js', import.meta.url)), 'utf8');
    const code = source
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('//'))
      .join('\n');
    return [{ tag: 'script', children: code, injectTo: 'head-prepend' }];
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), earlyInput()],
  // The browser bundle and the pre-renderer run on Preact through its React compatibility layer (about 45 KB gzip
  // less than React DOM on every first page). Unit tests keep React: Vitest loads dependencies unbundled, where the
  // aliases would give two copies of Preact; the e2e suite runs the Preact build.
  resolve: process.env.VITEST
    ? {}
    : {
        alias: [
          { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react$/, replacement: fileURLToPath(new URL('./compat/react.js', import.meta.url)) },
        ],
      },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': api,
      '/signal': { target: api, ws: true },
    },
  },
  // The pre-renderer bundles its dependencies so they resolve through the aliases above.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  build: {
    sourcemap: false,
    // The server reads it to add preload links for each route's chunks.
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
