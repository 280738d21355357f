import type { Command } from 'commander';

export function declareDashboard(program: Command): void {
  const dashboard = program.command('dashboard').description('The operator dashboard');
  dashboard
    .command('rollup')
    .description('Count complete days into the dashboard roll-up now, the whole history included')
    .action(async () => (await import('./dashboard.ts')).rollupCommand());
}
