import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
