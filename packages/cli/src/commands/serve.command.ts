import type { Command } from 'commander';

export function declareServe(program: Command): void {
  program
    .command('serve')
    .description('Serve every built brand and the API (PORT, default 4321)')
    .option('--migrate', 'run pending migrations first')
    .action(async (options: { migrate?: boolean }) => (await import('./serve.ts')).serveCommand(options));
}
