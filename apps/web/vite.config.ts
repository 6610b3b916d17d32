import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { inlineScript } from './build/inline-script.mjs';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/** Puts early-input.js into every page's head (build/inline-script.mjs says why inline). */
const earlyInput = (): Plugin => ({
  name: 'early-input',
  transformIndexHtml: () => [{ tag: 'script', children: inlineScript('early-input.js'), injectTo: 'head-prepend' }],
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), earlyInput()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': api,
      '/signal': { target: api, ws: true },
    },
  },
  // The pre-renderer bundles its dependencies as the browser build does, so both render the same modules.
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
    // What each test leaves behind (the page, toasts, storage and the session read from it) is cleared after it.
    setupFiles: ['src/test/setup.ts'],
    // One file per core: Vitest's default leaves one of two cores idle. A worker imports React, Mantine and the app
    // once for all its files rather than once a file (about half the stage's time).
    maxWorkers: 2,
    isolate: false,
  },
}));
