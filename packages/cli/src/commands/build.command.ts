import type { Command } from 'commander';
import type { BuildCommandOptions } from './build.ts';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `datekit build`: its action (build.ts) loads Astro's side of the CLI only, never the server. */
export function declareBuild(program: Command): void {
  program
    .command('build')
    .description('Build every brand (or those given with --brand) into dist/<domain>/<lang>/ with a routes.json each')
    .option('-b, --brand <domain>', 'build only this brand; repeat for more', collect, [])
    .option('--verbose', "show Astro's log of every page")
    .option('--force', 'rebuild every language version, even those whose inputs did not change')
    .option('--workers <count>', 'processes that render at the same time (default: one per core for large builds)')
    .action(async (options: BuildCommandOptions) => (await import('./build.ts')).buildCommand(options));
}
