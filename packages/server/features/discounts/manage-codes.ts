import { TIME_BONUS_CODE } from '@datekit/runtime/rules/constants';
import { PAYMENT_METHODS } from '@datekit/runtime/schemas/brand';
import type { Services } from '../../services.ts';
import type { DiscountCodesTable } from '../../db/schema.ts';
import { WELCOME_CODE } from './discount-codes.ts';

export interface NewDiscountCode {
  brand: string;
  code: string;
  percent: number;
  validity: DiscountCodesTable['validity'];
  /** Decimal amount in the order's currency; 0 for none. */
  minimumOrder?: number;
  country?: string;
  /** Only this member (by e-mail) may use it. */
  email?: string;
  /** ISO date or date-time after which the code no longer applies. */
  expires?: string;
  currency?: string;
  methods?: string[];
}

/** An operator's discount code (`datekit discounts create`); throws a readable message for bad input. */
export async function createDiscountCode(
  services: Services,
  input: NewDiscountCode,
): Promise<{ id: number; code: string }> {
  const brand = services.brands.get(input.brand);
  if (!brand) throw new Error(`no brand ${input.brand}`);
  const code = input.code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{3,40}$/.test(code)) throw new Error('code must be 3 to 40 letters, digits, - or _');
  if (code === TIME_BONUS_CODE || code === WELCOME_CODE) throw new Error(`${code} is built in`);
  if (!Number.isInteger(input.percent) || input.percent < 1 || input.percent > 90)
    throw new Error('percent must be a whole number from 1 to 90');
  const methods = input.methods?.filter(Boolean);
  const unknown = methods?.filter((m) => !(PAYMENT_METHODS as readonly string[]).includes(m)) ?? [];
  if (unknown.length) throw new Error(`unknown payment methods: ${unknown.join(', ')}`);
  const expires = input.expires ? Date.parse(input.expires) : null;
  if (expires !== null && Number.isNaN(expires)) throw new Error('expires must be a date such as 2026-12-31');
  let userId: number | null = null;
  if (input.email) {
    const user = await services.db
      .selectFrom('users')
      .select('id')
      .where('brand', '=', brand.domain)
      .where('email_normalized', '=', input.email.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) throw new Error(`no member ${input.email} on ${brand.domain}`);
    userId = user.id;
  }
  const row = await services.db
    .insertInto('discount_codes')
    .values({
      brand: brand.domain,
      code,
      value_percentage: input.percent,
      minimum_order_cents: Math.round((input.minimumOrder ?? 0) * 100),
      country: input.country?.toUpperCase() ?? null,
      user_id: userId,
      expires_at: expires,
      currency: input.currency?.toUpperCase() ?? null,
      status: 'active',
      validity: input.validity,
      payment_methods: methods?.length ? methods.join(',') : null,
      created_at: services.now(),
    })
    .onConflict((oc) => oc.columns(['brand', 'code']).doNothing())
    .returning(['id', 'code'])
    .executeTakeFirst();
  if (!row) throw new Error(`${code} already exists on ${brand.domain}`);
  return row;
}

export async function listDiscountCodes(services: Services, brand: string) {
  return services.db.selectFrom('discount_codes').selectAll().where('brand', '=', brand).orderBy('id').execute();
}

export async function disableDiscountCode(services: Services, brand: string, code: string): Promise<void> {
  const result = await services.db
    .updateTable('discount_codes')
    .set({ status: 'disabled' })
    .where('brand', '=', brand)
    .where('code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) throw new Error(`no code ${code} on ${brand}`);
}
