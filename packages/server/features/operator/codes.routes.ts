import {
  operatorCodesRoute,
  operatorCreateCodeRoute,
  operatorDisableCodeRoute,
} from '@datekit/runtime/schemas/api/contracts/operator';
import { ApiError } from '../../errors/api-error.ts';
import { createDiscountCode, disableDiscountCode, listDiscountCodes } from '../discounts/manage-codes.ts';
import { audited } from './audited.ts';
import { discountCodeUses } from './payments.queries.ts';
import { defineRoute } from '../../http/define-route.ts';

/** The discount services refuse in words (for the CLI); the console shows them as a field problem. */
function refused(error: unknown, field: string): never {
  if (error instanceof ApiError) throw error;
  throw new ApiError(
    'validation_failed',
    {},
    { fields: { [field]: error instanceof Error ? error.message : String(error) } },
  );
}

export const operatorCodes = defineRoute({
  contract: operatorCodesRoute,
  summary: "A brand's discount codes with how often each was used (paid, refunded or charged-back payments).",
  access: 'discounts.read',
  handler: async ({ services, query }) => {
    const [codes, uses] = await Promise.all([
      listDiscountCodes(services, query.brand),
      discountCodeUses(services.db, query.brand),
    ]);
    const used = new Map(uses.map((u) => [u.discount_code, Number(u.uses)]));
    return {
      codes: codes.map((c) => ({
        id: c.id,
        code: c.code,
        percent: c.value_percentage,
        validity: c.validity,
        status: c.status,
        expires_at: c.expires_at === null ? null : new Date(Number(c.expires_at)).toISOString(),
        minimum_order_cents: c.minimum_order_cents,
        uses: used.get(c.code) ?? 0,
      })),
    };
  },
});

export const operatorCreateCode = defineRoute({
  contract: operatorCreateCodeRoute,
  summary: 'Create a discount code for a brand (the rules of `datekit discounts create`).',
  access: 'discounts.manage',
  handler: async ({ services, operator, body }) => {
    await audited(
      services,
      operator,
      (row: { id: number; code: string }) => ({
        action: 'discount.create',
        targetType: 'discount_code',
        targetId: row.id,
        details: { brand: body.brand, code: row.code, percent: body.percent, validity: body.validity },
      }),
      (scoped) =>
        createDiscountCode(scoped, {
          brand: body.brand,
          code: body.code,
          percent: body.percent,
          validity: body.validity,
          ...(body.expires ? { expires: body.expires } : {}),
          ...(body.minimum_order ? { minimumOrder: body.minimum_order } : {}),
        }).catch((error: unknown) => refused(error, 'code')),
    );
    return { ok: true as const };
  },
});

export const operatorDisableCode = defineRoute({
  contract: operatorDisableCodeRoute,
  summary: 'Disable a discount code: it no longer applies.',
  access: 'discounts.manage',
  errors: ['not_found'],
  handler: async ({ services, operator, body }) => {
    await audited(
      services,
      operator,
      {
        action: 'discount.disable',
        targetType: 'discount_code',
        targetId: body.code.toUpperCase(),
        details: { brand: body.brand },
      },
      (scoped) =>
        disableDiscountCode(scoped, body.brand, body.code).catch(() => {
          throw new ApiError('not_found');
        }),
    );
    return { ok: true as const };
  },
});

export const operatorCodeRoutes = [operatorCodes, operatorCreateCode, operatorDisableCode];
