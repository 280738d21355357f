import { defineRoute } from '../../http/define-route.ts';
import { operatorSummaryRoute } from '@datekit/runtime/schemas/api/contracts/operator';
import { workdaySummary } from './workday-summary.ts';

export const operatorSummary = defineRoute({
  contract: operatorSummaryRoute,
  summary:
    'What waits per brand for the start page: photos, open reports, failed and stuck payments, refunds to retry; each only for roles that may handle it (null otherwise).',
  access: 'signed-in',
  handler: async ({ services, operator }) => ({
    brands: await workdaySummary(
      services.db,
      operator.role,
      services.brands.all().map((brand) => ({ domain: brand.domain, name: brand.name })),
      services.now(),
    ),
  }),
});

export const operatorSummaryRoutes = [operatorSummary];
