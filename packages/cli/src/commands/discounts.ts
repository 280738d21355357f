import type { Command } from 'commander';
import { createDiscountCode, disableDiscountCode, listDiscountCodes } from '@datekit/server';
import type { Services } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

async function withServices(work: (services: Services) => Promise<void>): Promise<void> {
  const services = await openServices();
  try {
    await migrate(services);
    await work(services);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await services.db.destroy();
  }
}

const VALIDITIES = ['once-per-user', 'once', 'unlimited'] as const;

/** `datekit discounts create|list|disable`: operators' discount codes (spec §3 Discount code). */
export function registerDiscounts(program: Command): void {
  const discounts = program.command('discounts').description("Manage a brand's discount codes");
  discounts
    .command('create')
    .description('Create a discount code')
    .requiredOption('--brand <domain>', 'the brand the code is for')
    .requiredOption('--code <code>', 'the code members type (3-40 letters, digits, - or _)')
    .requiredOption('--percent <n>', 'discount in percent, 1 to 90')
    .option('--validity <v>', `${VALIDITIES.join(' | ')}`, 'once-per-user')
    .option('--minimum <amount>', 'minimum order value in the order currency, e.g. 29.95')
    .option('--country <code>', 'only for members in this country (ISO code)')
    .option('--email <address>', 'only for this member')
    .option('--expires <date>', 'last moment it applies, e.g. 2026-12-31T23:59:59Z')
    .option('--currency <code>', 'only for orders in this currency')
    .option('--methods <list>', 'comma-separated payment methods it is valid for')
    .action(
      async (o: {
        brand: string;
        code: string;
        percent: string;
        validity: string;
        minimum?: string;
        country?: string;
        email?: string;
        expires?: string;
        currency?: string;
        methods?: string;
      }) =>
        withServices(async (services) => {
          const validity = VALIDITIES.find((v) => v === o.validity);
          if (!validity) throw new Error(`--validity must be one of ${VALIDITIES.join(', ')}`);
          const created = await createDiscountCode(services, {
            brand: o.brand,
            code: o.code,
            percent: Number(o.percent),
            validity,
            ...(o.minimum ? { minimumOrder: Number(o.minimum) } : {}),
            ...(o.country ? { country: o.country } : {}),
            ...(o.email ? { email: o.email } : {}),
            ...(o.expires ? { expires: o.expires } : {}),
            ...(o.currency ? { currency: o.currency } : {}),
            ...(o.methods ? { methods: o.methods.split(',').map((m) => m.trim()) } : {}),
          });
          console.log(`Created ${created.code} on ${o.brand}.`);
        }),
    );
  discounts
    .command('list')
    .description("List a brand's discount codes")
    .requiredOption('--brand <domain>', 'the brand')
    .action(async (o: { brand: string }) =>
      withServices(async (services) => {
        const rows = await listDiscountCodes(services, o.brand);
        if (!rows.length) console.log(`No discount codes on ${o.brand}.`);
        for (const r of rows) {
          const rules = [
            `${r.value_percentage}%`,
            r.validity,
            r.status,
            r.minimum_order_cents ? `min ${(Number(r.minimum_order_cents) / 100).toFixed(2)}` : null,
            r.country ? `country ${r.country}` : null,
            r.currency ? `currency ${r.currency}` : null,
            r.user_id ? `member ${r.user_id}` : null,
            r.expires_at ? `expires ${new Date(Number(r.expires_at)).toISOString()}` : null,
            r.payment_methods ? `methods ${r.payment_methods}` : null,
          ].filter(Boolean);
          console.log(`${r.code}\t${rules.join(', ')}`);
        }
      }),
    );
  discounts
    .command('disable')
    .description('Disable a discount code: it no longer applies')
    .requiredOption('--brand <domain>', 'the brand')
    .argument('<code>', 'the code')
    .action(async (code: string, o: { brand: string }) =>
      withServices(async (services) => {
        await disableDiscountCode(services, o.brand, code);
        console.log(`Disabled ${code.toUpperCase()} on ${o.brand}.`);
      }),
    );
}
