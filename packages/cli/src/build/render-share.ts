import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ROOT } from '../paths.ts';
import { runAstroBuild, type AstroBuildOptions } from './astro.ts';
import { OPERATOR_SCOPE } from './operator-site.ts';
import { finishLanguage, languageDir, type FinishedLanguage } from './finish-language.ts';

/** One process's part of a build: some language versions, rendered by one Astro run into `outDir`. */
export interface ShareJob {
  brands: readonly Brand[];
  scope: readonly string[];
  /** Also render the operator console (`src/pages/operator/`): one share of a build does. */
  operator?: boolean;
  outDir: string;
  logLevel?: AstroBuildOptions['logLevel'];
}

export interface ShareResult {
  languages: Record<string, FinishedLanguage>;
  seconds: number;
  /** Peak resident memory of the process that rendered the share, in bytes. */
  maxRss: number;
  /** CPU time the share cost (user and system): the figure a busy machine does not distort. */
  cpuSeconds: number;
}

/** Renders a share and finishes its language directories, in this process. */
export async function renderShare(job: ShareJob, options: { keepCompiler?: boolean } = {}): Promise<ShareResult> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await runAstroBuild({
    brands: job.brands,
    scope: job.operator ? [...job.scope, OPERATOR_SCOPE] : job.scope,
    outDir: job.outDir,
    ...(job.logLevel ? { logLevel: job.logLevel } : {}),
    ...(options.keepCompiler ? { keepCompiler: true } : {}),
  });
  const languages: Record<string, FinishedLanguage> = {};
  for (const key of job.scope) languages[key] = await finishLanguage(languageDir(job.outDir, key));
  return {
    languages,
    seconds: (performance.now() - started) / 1000,
    maxRss: process.resourceUsage().maxRSS * 1024,
    cpuSeconds: cpuTotal(process.cpuUsage(cpuBefore)),
  };
}

function cpuTotal(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

const WORKER = fileURLToPath(new URL('./astro-worker.ts', import.meta.url));

/**
 * Bundling and rendering make short-lived objects by the gigabyte (ASTs, render chunks, page strings):
 * with V8's default young generation (16 MB semi-spaces) garbage collection took about an eighth of a
 * build's CPU time in profiles. Larger semi-spaces let more of it die young, for up to about 100 MB
 * more memory per worker; the gain measured is small (3 % less CPU for the demo brands in two workers).
 */
const WORKER_FLAGS = ['--max-semi-space-size=48'];

/**
 * Renders a share in a child process: Astro's render is synchronous JavaScript on one thread, so two
 * processes rendering half the pages each use both cores. Each child loads Astro and bundles the site
 * itself (Astro's build API renders only from a bundle of its own process); that costs 20–30 CPU-seconds,
 * which is why small builds stay in one process.
 */
export function renderShareInWorker(job: ShareJob): Promise<ShareResult> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], {
      cwd: ROOT,
      // Node runs the worker's TypeScript itself (type stripping), with the CLI's compile cache
      // (NODE_COMPILE_CACHE, inherited); none of this process's flags (a test runner's) apply.
      execArgv: WORKER_FLAGS,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let settled = false;
    child.on('message', (message: { result?: ShareResult; error?: string }) => {
      settled = true;
      if (message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'the build worker failed'));
      child.disconnect();
    });
    child.on('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    child.on('exit', (code, signal) => {
      if (!settled) reject(new Error(`the build worker stopped (${signal ?? `exit code ${code}`}) before it finished`));
      settled = true;
    });
    child.send(job);
  });
}
