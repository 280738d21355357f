import type { Command } from 'commander';
import { refundPayment } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

/** `datekit payments refund <id>`: the return policy's refund of a payment's unused credits. */
export function registerPayments(program: Command): void {
  program
    .command('payments')
    .description('Operator tools for payments')
    .command('refund')
    .description(
      "Refund the unused credits of a paid payment within the brand's refund_days: the provider refund is created, the credits leave the ledger, the member is mailed",
    )
    .argument('<payment-id>', 'the payment number (as on the member’s transactions page)')
    .action(async (id: string) => {
      const services = await openServices();
      try {
        await migrate(services);
        const paymentId = Number(id);
        if (!Number.isInteger(paymentId) || paymentId <= 0) throw new Error('the payment id is a whole number');
        const result = await refundPayment(services, paymentId);
        const amount = (result.refundedCents / 100).toFixed(2);
        console.log(
          `Payment ${paymentId}: refunded ${amount} ${result.currency} for ${result.credits} unused credits; balance now ${result.balance}.`,
        );
      } catch (error) {
        console.error(`Not refunded: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      } finally {
        await services.db.destroy();
      }
    });
}
