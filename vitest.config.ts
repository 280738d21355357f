import { defineConfig } from 'vitest/config';

/**
 * One runner, three projects: unit tests everywhere, and the server's API tests twice — on a fresh
 * SQLite file and, when TEST_DATABASE_URL is set, on PostgreSQL — so both engines pass the same suite.
 */
const apiTests = ['packages/server/**/*.test.ts'];

export default defineConfig({
  test: {
    // Twice the cores: an API test file waits on its database, child processes and timers about half of
    // its time, so with one worker per core the suite used one core of two (15 min); with four, 8.5 min.
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/runtime/**/*.test.ts',
            'packages/cli/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: apiTests,
          env: { DATEKIT_TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                env: { DATEKIT_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
