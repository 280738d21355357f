import { defineConfig } from 'vitest/config';

/**
 * One runner, three projects: unit tests everywhere, and the server's API tests twice — on a fresh
 * SQLite file and, when TEST_DATABASE_URL is set, on PostgreSQL — so both engines pass the same suite.
 */
const apiTests = ['packages/server/**/*.test.ts'];

/**
 * The API test files share their worker's loaded modules (`isolate: false` below): every file starts
 * its own server, database and folders, and the server keeps its state in what createServices returns
 * (what modules cache is keyed by that, or holds no member's data). Loading the server afresh for each
 * of 140 files was half of the suite's time (8.5 -> 4.2 min). The unit tests stay isolated: the
 * runtime's stores are module state, by design one per tab.
 */
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
            'packages/brand-config/**/*.test.ts',
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
          isolate: false,
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
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
