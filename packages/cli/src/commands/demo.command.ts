import type { Command } from 'commander';

export function declareDemo(program: Command): void {
  program
    .command('demo')
    .description('Build the demo brand, migrate and seed the database, and serve it on http://localhost:4321')
    .action(async () => (await import('./demo.ts')).demoCommand());
}
