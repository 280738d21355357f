import type { Command } from 'commander';

export function declareDocs(program: Command): void {
  program
    .command('docs')
    .description('Regenerate docs/brand-reference.md and the README brand table from the brand schema')
    .action(async () => (await import('./docs.ts')).docsCommand());
}
