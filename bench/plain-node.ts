/**
 * Runs a bench on plain Node (its own type stripping) when it was started through tsx, as
 * `npx tsx bench/<name>.ts` starts it: `datekit build` runs on plain Node (bin/datekit.mjs), and what a
 * bench measures in its own process (a build that renders in the process that runs it) must not carry
 * tsx's loader hooks and source maps, which apply to every module Astro, Vite and the rendered bundle load.
 */
import { spawnSync } from 'node:child_process';

/** Whether the process was started through tsx: tsx passes its loader to Node as `--import …/tsx/…`. */
export function startedThroughTsx(execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.some((arg) => /[\\/]tsx[\\/]/.test(arg));
}

/**
 * Started through tsx, runs `script` again on plain Node with the same arguments and ends this process
 * with its exit code; else returns at once. The child is this process's Node binary, so it is the
 * project's Node 24, which strips the types itself.
 */
export function rerunOnPlainNode(script: string): void {
  if (!startedThroughTsx()) return;
  const { status, signal } = spawnSync(process.execPath, [script, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(status ?? (signal ? 1 : 0));
}
