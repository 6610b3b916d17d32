import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Journeys heavy enough to take both cores (live video between several browsers): they run last, on their own. */
const RESTARTS = /(server-restart|group-call-host)\.spec\.ts$/;
/** The admin opens a psychologist's PDF in the browser's own viewer, which only the full browser has. */
const PDF_VIEWER = /verification-documents\.spec\.ts$/;

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * Debian's Chromium: its headless shell when installed (the build Playwright runs headless by default, lighter on the
 * two cores), else the browser.
 */
const BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const LIGHT = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : BROWSER);

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // Playwright's own limits (30 s a test, 5 s an expectation); a test that needs longer says so and why.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A failed test keeps its trace (every step's DOM, network and console); a film of screenshots would cost every
    // test an eighth of its time. The suite needs no trace to pass: the microphone-meter check in video.spec.ts once
    // failed without them because its readings fell in step with the fake microphone's beeps (see there).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The app honours a wish for less motion (its theme), so dialogs, menus and toasts open without transitions: less
    // for the browser to paint, and no step waits on an animation.
    reducedMotion: 'reduce',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: LIGHT, args: ARGS },
  },
  projects: [
    {
      // First, so that its one file (two tests, one after the other) runs beside the others rather than after them
      // with the second worker idle.
      name: 'pdf-viewer',
      testMatch: PDF_VIEWER,
      use: { launchOptions: { executablePath: BROWSER, args: ARGS } },
    },
    {
      name: 'chromium',
      testIgnore: [RESTARTS, PDF_VIEWER],
    },
    {
      // The restart journeys start a server of their own and send live video between two browsers, the hosted group
      // call between four: beside another test they take both cores, and that test's screens then miss their 5 s.
      // They run last, on their own.
      name: 'restarts',
      testMatch: RESTARTS,
      // One at a time: each alone takes both cores.
      workers: 1,
      dependencies: ['pdf-viewer', 'chromium'],
    },
  ],
});
