import { defineRoute } from '../../http/define-route.ts';
import { complaintRoute, reportRoute } from '@datekit/runtime/schemas/api/contracts/account';
import { requestOrigin } from '../../http/origin.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';
import { storeReport } from './store-report.ts';

export const report = defineRoute({
  contract: reportRoute,
  summary:
    'Report a member’s profile, a conversation or a message (DSA art. 16 notice). Visitors report profiles and give an e-mail address; the reporter gets a confirmation by mail.',
  auth: 'optional',
  rateLimit: RATE_LIMITS.reports,
  idempotent: true,
  errors: ['not_found', 'invalid_email'],
  handler: async ({ body, brand, locale, member, services, request }) => {
    const id = await storeReport(services, {
      brand,
      locale,
      reporter: member,
      email: body.email,
      name: body.name,
      reportedId: body.reported_id,
      context: body.context,
      contextId: body.context_id,
      reason: body.reason,
      text: body.text,
      siteUrl: requestOrigin(request),
      log: request.log,
    });
    return { ok: true as const, report_id: id };
  },
});

export const complaint = defineRoute({
  contract: complaintRoute,
  summary:
    'The /complaints form: a complaint about content or a decision, from anyone, into the moderators’ report queue; the sender gets a confirmation by mail.',
  auth: 'optional',
  rateLimit: RATE_LIMITS.reports,
  idempotent: true,
  errors: ['invalid_email'],
  handler: async ({ body, brand, locale, member, services, request }) => {
    const id = await storeReport(services, {
      brand,
      locale,
      reporter: null,
      email: member?.email ?? body.email,
      name: body.name,
      reportedId: null,
      context: 'complaint',
      subject: body.subject,
      reason: 'other',
      text: body.text,
      siteUrl: requestOrigin(request),
      log: request.log,
    });
    return { ok: true as const, report_id: id };
  },
});

export const reportRoutes = [report, complaint];
