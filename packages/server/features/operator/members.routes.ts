import { toLocale } from '@datekit/runtime/data/locales';
import { ApiError } from '../../errors/api-error.ts';
import { requestDeletion } from '../account/deletion.ts';
import { grantCredits } from '../credits/grant.ts';
import { createActivationToken, sendActivationMail } from '../signup/activation.ts';
import { loadMemberById } from '../users/current-member.ts';
import { pathId } from '../../http/route-id.ts';
import { audited } from './audited.ts';
import { deletableAccount, insertOperatorNote } from './members.queries.ts';
import { brandOrigin } from './brand-origin.ts';
import { defineRoute } from '../../http/define-route.ts';
import type { Services } from '../../services.ts';
import {
  operatorMemberActivationRoute,
  operatorMemberCreditsRoute,
  operatorMemberDeleteRoute,
  operatorMemberNoteRoute,
  operatorMemberRoute,
  operatorMemberSearchRoute,
} from '@datekit/runtime/schemas/api/contracts/operator';
import { memberDetail } from './member-detail.ts';
import { memberState, searchMembers } from './member-search.ts';
import { mayDo } from './permissions.ts';

const memberId = pathId;

/** The member the path's `:id` names; not_found when there is none. */
async function pathMember(services: Services, params: unknown) {
  const member = await loadMemberById(services, memberId(params));
  if (!member) throw new ApiError('not_found');
  return member;
}

/** The member the path's `:id` names and her brand, which a mail to her needs; not_found without either. */
async function pathMemberAndBrand(services: Services, params: unknown) {
  const member = await pathMember(services, params);
  const brand = services.brands.get(member.brand);
  if (!brand) throw new ApiError('not_found');
  return { member, brand };
}

export const operatorMemberSearch = defineRoute({
  contract: operatorMemberSearchRoute,
  summary:
    'Members of every brand by e-mail, name or id, brand and state (without a search: the latest signups; `view=flagged`: open reports or a sanction); newest first, at most 50.',
  access: 'members.read',
  handler: async ({ services, query }) => {
    const rows = await searchMembers(services.db, query);
    return {
      members: rows.map((r) => ({
        id: r.id,
        brand: r.brand,
        email: r.email,
        name: r.name,
        status: memberState(r),
        created_at: new Date(r.created_at).toISOString(),
        open_reports: Number(r.open_reports ?? 0),
        sanction: r.sanction,
      })),
    };
  },
});

export const operatorMember = defineRoute({
  contract: operatorMemberRoute,
  summary: 'A member: profile, photos, status, sign-ins, ledger, payments and staff notes.',
  access: 'members.read',
  errors: ['not_found'],
  handler: async ({ services, operator, request }) => {
    const detail = await memberDetail(services, memberId(request.params), mayDo(operator.role, 'members.photos'));
    if (!detail) throw new ApiError('not_found');
    return detail;
  },
});

export const operatorMemberNote = defineRoute({
  contract: operatorMemberNoteRoute,
  summary: 'Add a staff note to a member (seen by staff only).',
  access: 'members.notes',
  errors: ['not_found'],
  handler: async ({ services, operator, request, body }) => {
    const { id } = await pathMember(services, request.params);
    await audited(services, operator, { action: 'member.note', targetType: 'member', targetId: id }, async (scoped) => {
      await insertOperatorNote(scoped.db, {
        memberId: id,
        operatorId: operator.id,
        body: body.body,
        now: services.now(),
      });
    });
    return { ok: true as const };
  },
});

export const operatorMemberCredits = defineRoute({
  contract: operatorMemberCreditsRoute,
  summary: "Grant (or, negative, take back) credits with a reason: the credits CLI's ledger row, never below zero.",
  access: 'members.credits',
  errors: ['not_found', 'credits_below_zero'],
  // The console's client sends a key with each write and retries with it: a lost answer never grants twice.
  idempotent: true,
  handler: async ({ services, operator, request, body }) => {
    const member = await pathMember(services, request.params);
    const { balance } = await audited(
      services,
      operator,
      {
        action: 'credits.grant',
        targetType: 'member',
        targetId: member.id,
        reason: body.reason,
        details: { amount: body.amount },
      },
      (scoped) =>
        grantCredits(scoped, {
          brand: member.brand,
          email: member.email,
          amount: body.amount,
          operator: operator.email,
          reason: body.reason,
        }).catch((error: unknown) => {
          // grantCredits refuses in words for the CLI; the amount is already valid, so only the balance is left.
          throw error instanceof ApiError ? error : new ApiError('credits_below_zero');
        }),
    );
    return { balance };
  },
});

export const operatorMemberActivation = defineRoute({
  contract: operatorMemberActivationRoute,
  summary: 'Send the activation mail again to a member who has not confirmed yet.',
  access: 'members.activation',
  errors: ['not_found', 'already_activated'],
  handler: async ({ services, operator, request }) => {
    const { member, brand } = await pathMemberAndBrand(services, request.params);
    if (member.status === 'active') throw new ApiError('already_activated');
    const token = await audited(
      services,
      operator,
      { action: 'member.activation_mail', targetType: 'member', targetId: member.id },
      (scoped) => createActivationToken(scoped.db, member.id, services.now()),
    );
    await sendActivationMail(services, {
      brand,
      origin: brandOrigin(services.config, brand),
      locale: toLocale(member.language) ?? brand.default_language,
      to: member.email,
      name: member.name,
      token,
    });
    return { ok: true as const };
  },
});

export const operatorMemberDelete = defineRoute({
  contract: operatorMemberDeleteRoute,
  summary:
    "Delete a member's account as if they had asked: hidden at once, sessions end, erased after the grace period.",
  access: 'members.delete',
  errors: ['not_found'],
  handler: async ({ services, operator, request, body }) => {
    const { member, brand } = await pathMemberAndBrand(services, request.params);
    if (!(await deletableAccount(services.db, member.id))) throw new ApiError('not_found');
    await audited(
      services,
      operator,
      { action: 'member.delete', targetType: 'member', targetId: member.id, reason: body.reason },
      (scoped) =>
        requestDeletion(scoped, {
          member: { ...member, sessionTokenHash: '' },
          brand,
          locale: toLocale(member.language) ?? brand.default_language,
          request,
          origin: brandOrigin(services.config, brand),
        }),
    );
    return { ok: true as const };
  },
});

export const operatorMemberRoutes = [
  operatorMemberSearch,
  operatorMember,
  operatorMemberNote,
  operatorMemberCredits,
  operatorMemberActivation,
  operatorMemberDelete,
];
