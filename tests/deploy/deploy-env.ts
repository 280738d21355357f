import path from 'node:path';
import { ROOT } from '../e2e/e2e-env.ts';

/** The project's Node (24, from the `node` package), as the guide's systemd unit runs it. */
export const NODE = path.join(ROOT, 'node_modules/.bin/node');
export const CLI = path.join(ROOT, 'packages/cli/bin/datekit.mjs');

/**
 * What the global setup started, for the tests (they run in worker processes: Playwright passes the
 * setup's environment on). Read through `deployment()`, which fails clearly when the setup did not run.
 */
export interface Deployment {
  /** nginx, both instances behind it (the guide's upstream): https://localhost:<port>. */
  baseUrl: string;
  /** The same file served again with the upstream pinned to instance A, and to instance B. */
  pinnedA: string;
  pinnedB: string;
  /** nginx's plain-HTTP server (the guide's redirect to https). */
  httpUrl: string;
  /** The instances' ports and the process ids of the setup's two `datekit serve`. */
  instances: { port: number; pid: number }[];
  /** Each instance's own metrics listener (METRICS_PORT): which instance served what. */
  metricsA: string;
  metricsB: string;
  /** Where the SMTP sink writes each message it receives. */
  mailDir: string;
  mollieUrl: string;
  mollieKey: string;
  /** The test CA's certificate (PEM file) and its key's SPKI hash for Chromium. */
  caCert: string;
  caSpkiHash: string;
  /** The environment both instances run with: the CLI commands of a test use the same. */
  serverEnv: Record<string, string>;
  operator: { email: string; password: string; totpSecret: string };
}

export function deployment(): Deployment {
  const json = process.env.DATEKIT_DEPLOYMENT;
  if (!json) throw new Error('DATEKIT_DEPLOYMENT is not set: run through tests/deploy/playwright.config.ts');
  return JSON.parse(json) as Deployment;
}
