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

const modules = (pattern: string) => new RegExp(pattern.replaceAll('/', '[\\\\/]'));

/** Only what an entry loads before its first render, not what a lazy screen alone uses. */
const INITIAL: '$initial'[] = ['$initial'];

/** The Mantine components of the sign-in card. */
const SIGN_IN_MANTINE =
  'ActionIcon|Alert|Anchor|Button|Center|CloseButton|Code|Divider|Group|Input|InputBase|Loader|Paper|PasswordInput|Stack|Text|TextInput|ThemeIcon|Title|Transition|UnstyledButton';

/**
 * The sign-in entry's chunks: left to itself the bundler cuts what the entry and the app share into some forty small
 * chunks (each compressed on its own: about 10 KB more than in one) and merges i18next into one of them. So: i18next
 * alone (the sign-in entry loads it only with the app); React, Mantine's core and the session code both entries load
 * at once in one chunk; the Mantine components of the sign-in card (the app's layout uses most of them) in another;
 * the sign-in screens in a third (the app's sign-in routes load it too).
 */
const SIGN_IN_CHUNKS = [
  // The first pages' style sheets in one file, in the order styles-light.ts gives them (which that order needs).
  { name: 'styles-light', test: /\.css$/, tags: INITIAL, includeDependenciesRecursively: false, priority: 5 },
  { name: 'i18next', test: modules('node_modules/(i18next|react-i18next)/'), includeDependenciesRecursively: false, priority: 4 },
  {
    name: 'sign-in-screens',
    test: modules(
      'src/(features/auth/(screens/|components/|api/(sign-in-call|magic-login|password-login|request-code|verify-code|logout)|[a-z-]+\\.ts$)|components/(code-boxes-view|support-email)|lib/(form-errors|load-contract|use-countdown)\\.ts)',
    ),
    includeDependenciesRecursively: false,
    priority: 3,
  },
  {
    name: 'mantine-sign-in',
    test: modules(`(@mantine/core/esm/components/(${SIGN_IN_MANTINE})/|@mantine/(notifications|store)/|@tabler/icons-react/)`),
    tags: INITIAL,
    includeDependenciesRecursively: false,
    priority: 2,
  },
  {
    name: 'react-mantine',
    test: modules(
      '(node_modules/(react|react-dom|scheduler|use-sync-external-store|@mantine/hooks|clsx)/|@mantine/core/esm/core/|src/lib/(session|overlays-loader|use-hydrated)\\.ts|src/app/(theme|live-page)\\.tsx?|contract/src/constants)',
    ),
    tags: INITIAL,
    includeDependenciesRecursively: false,
    priority: 1,
  },
];

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
    // The pre-rendered sign-in pages load their own small entry instead of the app's (src/sign-in.tsx).
    rolldownOptions: isSsrBuild
      ? undefined
      : { input: { index: 'index.html', 'sign-in': 'src/sign-in.tsx' }, output: { codeSplitting: { groups: SIGN_IN_CHUNKS } } },
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
