import { createDiscountCode, disableDiscountCode, listDiscountCodes } from '@datekit/server';
import type { Services } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';
import { VALIDITIES } from './discounts.command.ts';

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

export interface CreateOptions {
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
}

/** `datekit discounts create`: operators' discount codes (spec §3 Discount code). */
export function createDiscountCommand(o: CreateOptions): Promise<void> {
  return withServices(async (services) => {
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
  });
}

/** `datekit discounts list`: a brand's codes with their rules. */
export function listDiscountsCommand(o: { brand: string }): Promise<void> {
  return withServices(async (services) => {
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
  });
}

/** `datekit discounts disable <code>`: the code no longer applies. */
export function disableDiscountCommand(code: string, o: { brand: string }): Promise<void> {
  return withServices(async (services) => {
    await disableDiscountCode(services, o.brand, code);
    console.log(`Disabled ${code.toUpperCase()} on ${o.brand}.`);
  });
}
