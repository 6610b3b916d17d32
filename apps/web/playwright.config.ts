import { defineConfig, devices } from '@playwright/test';

const RESTARTS = /server-restart\.spec\.ts$/;

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
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
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: RESTARTS,
    },
    {
      // The restart journeys start a server of their own and send live video between two browsers: beside another
      // test they take both cores, and that test's screens then miss their 5 s. They run last, on their own.
      name: 'restarts',
      testMatch: RESTARTS,
      dependencies: ['chromium'],
    },
  ],
});
