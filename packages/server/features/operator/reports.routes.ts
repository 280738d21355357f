import { ApiError } from '../../errors/api-error.ts';
import { applyBan, applyDecision, unbanMember, type AppliedDecision } from '../reports/decide-report.ts';
import { openReports } from '../reports/report-queue.ts';
import { pathId } from '../../http/route-id.ts';
import { audited } from './audited.ts';
import { defineRoute } from '../../http/define-route.ts';
import {
  operatorBanRoute,
  operatorDecideReportRoute,
  operatorReportsRoute,
  operatorUnbanRoute,
} from '@datekit/runtime/schemas/api/contracts/operator';

const idOf = pathId;

export const operatorReportQueue = defineRoute({
  contract: operatorReportsRoute,
  summary: 'Open reports and complaints, oldest first, with reporter and reported member.',
  access: 'reports.handle',
  handler: async ({ services, query }) => {
    const reports = await openReports(services, query.brand ? { brand: query.brand } : {});
    return {
      reports: reports.map((r) => ({
        id: r.id,
        brand: r.brand,
        created_at: new Date(r.createdAt).toISOString(),
        context: r.context,
        context_id: r.contextId,
        reason: r.reason,
        text: r.text,
        subject: r.subject,
        reporter: r.reporter,
        reported: r.reported,
        open_about_member: r.openAboutMember,
      })),
    };
  },
});

export const operatorDecideReport = defineRoute({
  contract: operatorDecideReportRoute,
  summary:
    'Decide a report (no action, warn, remove photo, suspend, ban) with a ground and the facts: the member gets a statement of reasons, the reporters the outcome.',
  access: 'reports.handle',
  errors: ['not_found'],
  handler: async ({ services, operator, request, body }) => {
    const id = idOf(request.params);
    const applied = await audited<AppliedDecision>(
      services,
      operator,
      (done) => ({
        action: `report.${body.decision}`,
        targetType: 'member',
        targetId: done.result.reportedId ?? id,
        reason: body.facts,
        details: { report_id: id, ground: body.ground, also_closed: done.result.alsoClosed },
      }),
      (scoped) =>
        applyDecision(scoped, {
          reportId: id,
          decision: body.decision,
          ground: body.ground,
          facts: body.facts,
          decidedBy: operator.id,
          ...(body.photo_id ? { photoId: body.photo_id } : {}),
          ...(body.suspend_days ? { suspendDays: body.suspend_days } : {}),
        }),
    );
    await applied.notify(services);
    return { ok: true as const, also_closed: applied.result.alsoClosed };
  },
});

export const operatorBanMember = defineRoute({
  contract: operatorBanRoute,
  summary: 'Ban a member without a report: sessions end, the profile disappears, a statement of reasons goes out.',
  access: 'members.ban',
  errors: ['not_found'],
  handler: async ({ services, operator, request, body }) => {
    const id = idOf(request.params);
    const notify = await audited(
      services,
      operator,
      {
        action: 'member.ban',
        targetType: 'member',
        targetId: id,
        reason: body.facts,
        details: { ground: body.ground },
      },
      (scoped) => applyBan(scoped, { memberId: id, ground: body.ground, facts: body.facts, operatorId: operator.id }),
    );
    await notify(services);
    return { ok: true as const };
  },
});

export const operatorUnbanMember = defineRoute({
  contract: operatorUnbanRoute,
  summary: 'Lift a ban or suspension: the profile shows again; the member logs in again.',
  access: 'members.ban',
  errors: ['not_found'],
  handler: async ({ services, operator, request, body }) => {
    const id = idOf(request.params);
    await audited(
      services,
      operator,
      { action: 'member.unban', targetType: 'member', targetId: id, reason: body.reason },
      async (scoped) => {
        if (!(await unbanMember(scoped, id, { operatorId: operator.id, reason: body.reason })))
          throw new ApiError('not_found');
      },
    );
    return { ok: true as const };
  },
});

export const operatorReportRoutes = [operatorReportQueue, operatorDecideReport, operatorBanMember, operatorUnbanMember];
