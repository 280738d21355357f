import type { Command } from 'commander';

export function declareJobs(program: Command): void {
  program
    .command('jobs')
    .description('List queued, running and failed background jobs (erasure of deleted accounts, ...)')
    .action(async () => (await import('./jobs.ts')).listJobsCommand());
}
