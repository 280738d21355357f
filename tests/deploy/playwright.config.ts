import { defineConfig } from '@playwright/test';
import baseConfig from '../../playwright.config.ts';

/**
 * The deployment stage of `npm test` (`npx playwright test -c tests/deploy/playwright.config.ts`): the
 * guide's deployment (global-setup.ts) driven in Debian's Chromium over HTTPS through nginx.
 *
 * Chromium trusts the run's test CA and nothing more: certificate checks stay on
 * (`ignoreHTTPSErrors: false`), and `--ignore-certificate-errors-spki-list` names the CA's key, so a
 * chain that ends in that key is accepted (the hash is of the CA's SubjectPublicKeyInfo; nginx and the
 * fake Mollie send the CA's certificate after their own). That flag is Chromium's way to trust one key
 * without a system-wide NSS database. The workers read the hash from the setup's environment: Playwright
 * evaluates this file again in each worker, after the global setup.
 */
const deployment = process.env.DATEKIT_DEPLOYMENT
  ? (JSON.parse(process.env.DATEKIT_DEPLOYMENT) as { baseUrl: string; caSpkiHash: string })
  : null;
const base = baseConfig.use!.launchOptions!;
// One output folder per run (the runner's process id, inherited by its workers), so runs side by side
// never delete each other's results.
process.env.DATEKIT_DEPLOY_RUN ??= String(process.pid);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: `../../test-results/deploy-${process.env.DATEKIT_DEPLOY_RUN}`,
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...(deployment ? { baseURL: deployment.baseUrl } : {}),
    ignoreHTTPSErrors: false,
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      ...base,
      args: [
        ...(base.args ?? []),
        ...(deployment ? [`--ignore-certificate-errors-spki-list=${deployment.caSpkiHash}`] : []),
      ],
    },
  },
});
