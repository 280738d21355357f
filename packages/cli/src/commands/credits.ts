import type { Command } from 'commander';
import { grantCredits } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

/** `datekit credits grant`: the support tool for credits, logged in the ledger with operator and reason. */
export function registerCredits(program: Command): void {
  program
    .command('credits')
    .description('Support tools for member credits')
    .command('grant')
    .description('Give (or, with a negative amount, take back) credits; every grant records who did it and why')
    .requiredOption('--brand <domain>', "the member's brand")
    .requiredOption('--email <address>', "the member's e-mail address")
    .requiredOption('--amount <n>', 'credits to add (negative to take back)')
    .requiredOption('--operator <name>', 'who grants them (logged)')
    .requiredOption('--reason <text>', 'why (logged)')
    .action(async (options: { brand: string; email: string; amount: string; operator: string; reason: string }) => {
      const services = await openServices();
      try {
        await migrate(services);
        const { balance } = await grantCredits(services, { ...options, amount: Number(options.amount) });
        console.log(
          `${options.email} on ${options.brand}: ${Number(options.amount) > 0 ? '+' : ''}${options.amount} credits by ${options.operator} (${options.reason}); balance now ${balance}.`,
        );
      } catch (error) {
        console.error(`Not granted: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      } finally {
        await services.db.destroy();
      }
    });
}
