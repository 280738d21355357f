import { discountCodeRoute } from '@datekit/runtime/schemas/api/contracts/payments';
import { ApiError, authenticationRequired } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { isUsed, lookUpCode, welcomeCode } from './discount-codes.ts';
import { toDiscountJson } from './discount-json.ts';

/**
 * GET /api/discountcode.php (spec §7): `?code=` looks a code up for the logged-in member ('Code not
 * found', 'Code already used'); `?welcome=true` answers the welcome discount, also to visitors, and
 * 404 once it no longer applies (the client ignores that failure).
 */
export const getDiscountCode = defineRoute({
  contract: discountCodeRoute,
  errors: ['discount_not_found', 'discount_used', 'validation_failed', 'authentication_required'],
  summary: 'A discount code by name for you, or the welcome discount (welcome=true).',
  auth: 'optional',
  handler: async ({ services, brand, member, query }) => {
    const now = services.now();
    if (query.welcome) {
      const welcome = welcomeCode(member, now);
      if (!welcome || (member && (await isUsed(services.db, brand.domain, welcome, member.id)))) {
        throw new ApiError('discount_not_found');
      }
      return { discount_code: toDiscountJson(welcome, now) };
    }
    if (!query.code) throw new ApiError('validation_failed', {}, { fields: { code: 'required' } });
    if (!member) throw authenticationRequired();
    const code = await lookUpCode(services.db, brand.domain, member, query.code, now);
    if (!code) throw new ApiError('discount_not_found');
    if (await isUsed(services.db, brand.domain, code, member.id)) throw new ApiError('discount_used');
    return { discount_code: toDiscountJson(code, now) };
  },
});

export const discountRoutes = [getDiscountCode];
