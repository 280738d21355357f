import { listAudit } from './audit.ts';
import { defineRoute } from '../../http/define-route.ts';
import { operatorAuditRoute } from '@datekit/runtime/schemas/api/contracts/operator';

const PAGE = 50;

/** The audit log, newest first. Read-only: no route changes or removes a row. */
export const operatorAudit = defineRoute({
  contract: operatorAuditRoute,
  summary: 'The audit log (who, what, whom, when, why), newest first, 50 a page. Owners only.',
  access: 'audit.read',
  handler: async ({ services, query }) => {
    const rows = await listAudit(services.db, {
      before: query.before,
      action: query.action,
      operator: query.operator,
      targetType: query.target_type,
      targetId: query.target_id,
      limit: PAGE + 1,
    });
    const page = rows.slice(0, PAGE);
    return {
      entries: page.map((row) => ({
        id: row.id,
        operator_email: row.operator_email,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        reason: row.reason,
        details: row.details,
        created_at: new Date(row.created_at).toISOString(),
      })),
      next_before: rows.length > PAGE ? page.at(-1)!.id : null,
    };
  },
});

export const operatorAuditRoutes = [operatorAudit];
