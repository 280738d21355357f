import { refundPayment } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

/** `datekit payments refund <id>`: the return policy's refund of a payment's unused credits. */
export async function refundCommand(id: string): Promise<void> {
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
}
