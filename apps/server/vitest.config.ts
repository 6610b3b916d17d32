import { defineConfig } from 'vitest/config';

/**
 * Files that start processes, listen on ports they chose beforehand, or share the one Redis and PostgreSQL server
 * (whose keys and connections the app does not divide per test): they run one at a time. `npm test` runs them beside
 * the other project, in a Vitest of their own (package.json): they mostly wait on the processes they start.
 */
const SHARED = [
  'test/backup-cli.test.ts',
  'test/cli.test.ts',
  'test/cluster.test.ts',
  'test/notifications-cluster.test.ts',
  'test/postgres-restart.test.ts',
  'test/pool-transactions.test.ts',
  'test/production-build.test.ts',
  'test/redis-outage.test.ts',
  'test/session-cache.test.ts',
  'test/shutdown.test.ts',
  'test/smtp-outage.test.ts',
  'test/start.test.ts',
  'src/db/unavailable.test.ts',
];

const common = {
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    projects: [
      {
        // Each of these files has its own embedded database (or its own database on the server): two run at once, one
        // per core, where Vitest's default on a 2-core machine would run one. They keep no state in modules, so a
        // worker imports the app once for all its files rather than once a file (about 140 s of a clean run).
        test: {
          ...common,
          name: 'own database',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: SHARED,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...common,
          name: 'shared services',
          include: SHARED,
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
