import type { Command } from 'commander';
import { VALIDATE_FORMATS } from './validate-report.ts';

export function declareValidate(program: Command): void {
  program
    .command('validate')
    .description('Check brand files (all, or the given domains) and niche files; every problem names file:line:column')
    .argument('[domain...]', 'domains to check, as in brands/<domain>.yaml')
    .option('--format <format>', `how to print: ${VALIDATE_FORMATS.join(', ')} (GitHub Actions annotations)`, 'text')
    .action(async (domains: string[], options: { format: string }) =>
      (await import('./validate.ts')).validateCommand(domains, options),
    );
}
