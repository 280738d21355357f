import type { Command } from 'commander';
import { MAX_CREDITS_PER_BOOKING } from '@datekit/runtime/rules/constants';
import type { GrantOptions } from './credits.ts';

export function declareCredits(program: Command): void {
  program
    .command('credits')
    .description('Support tools for member credits')
    .command('grant')
    .description('Give (or, with a negative amount, take back) credits; every grant records who did it and why')
    .requiredOption('--brand <domain>', "the member's brand")
    .requiredOption('--email <address>', "the member's e-mail address")
    .requiredOption(
      '--amount <n>',
      `credits to add (negative to take back), at most ${MAX_CREDITS_PER_BOOKING} either way`,
    )
    .requiredOption('--operator <name>', 'who grants them (logged)')
    .requiredOption('--reason <text>', 'why (logged)')
    .action(async (options: GrantOptions) => (await import('./credits.ts')).grantCommand(options));
}
