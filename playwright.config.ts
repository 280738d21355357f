import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './tests/e2e/e2e-env.ts';

/**
 * End-to-end tests in Debian's Chromium, launched by its executable path (never a downloaded browser),
 * against the real server with the demo brand built and a fresh database (see global-setup.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // One folder per port, so runs on different ports never delete each other's traces.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // No retries: a test that fails once in twenty runs is a defect to fix, and a retry would hide it.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace of every test slowed the suite by a third; E2E_TRACE=1 keeps those that fail.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machines have no outside network: keep Chromium from trying to reach Google's services.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
