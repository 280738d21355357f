import type { Command } from 'commander';

export function declarePayments(program: Command): void {
  program
    .command('payments')
    .description('Operator tools for payments')
    .command('refund')
    .description(
      "Refund the unused credits of a paid payment within the brand's refund_days: the provider refund is created, the credits leave the ledger, the member is mailed",
    )
    .argument('<payment-id>', 'the payment number (as on the member’s transactions page)')
    .action(async (id: string) => (await import('./payments.ts')).refundCommand(id));
}
