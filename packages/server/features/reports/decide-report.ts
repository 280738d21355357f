import { toLocale, type Locale } from '@datekit/runtime/data/locales';
import { SUSPENSION_DEFAULT_DAYS, type DecisionGround, type ReportDecision } from '@datekit/runtime/data/reports';
import { formatDate } from '@datekit/runtime/i18n/format';
import { ApiError } from '../../errors/api-error.ts';
import { brandSender } from '../../mail/templates/link-mail.ts';
import { reportOutcomeMail, statementOfReasonsMail } from '../../mail/templates/report-mail.ts';
import type { Services } from '../../services.ts';
import { removePhoto } from '../photos/remove-photo.ts';
import { liftSanction, sanctionMember } from './sanctions.ts';

export interface Decision {
  reportId: number;
  decision: ReportDecision;
  ground: DecisionGround;
  /** The facts and circumstances, in the moderator's words: they go to the member as written. */
  facts: string;
  /** Who decided (an operator id), for the report row. */
  decidedBy: number | null;
  /** remove_photo: which photo of the reported member. */
  photoId?: number;
  /** suspend: for how many days. */
  suspendDays?: number;
}

export interface DecisionResult {
  reportId: number;
  decision: ReportDecision;
  reportedId: number | null;
  /** Other open reports about the same member, closed by the same decision. */
  alsoClosed: number[];
}

const DAY = 86_400_000;

/**
 * A moderator decides an open report: the decision is carried out (warning, photo removal,
 * suspension, ban) and recorded on the report, and every other open report about the same member is
 * closed with it. Then the reported member receives a statement of reasons (DSA art. 17) in their
 * language and the brand's look, unless nothing was done, and every reporter hears the outcome
 * (art. 16(5)) in theirs. Mails go after the commit: a failed mail never undoes a decision.
 */
export async function decideReport(services: Services, input: Decision): Promise<DecisionResult> {
  const applied = await applyDecision(services, input);
  await applied.notify(services);
  return applied.result;
}

/** A decision carried out and recorded; `notify` sends its mails (call it after the commit). */
export interface AppliedDecision {
  result: DecisionResult;
  notify: (services: Services) => Promise<void>;
}

/**
 * The database part of `decideReport`, in one transaction (which joins the caller's, such as the
 * console's audited one); the mails wait for `notify`, so none goes out for a decision rolled back.
 */
export async function applyDecision(services: Services, input: Decision): Promise<AppliedDecision> {
  const now = services.now();
  const facts = input.facts.trim();
  if (!facts) throw new ApiError('validation_failed', {}, { fields: { facts: 'required' } });
  const until = input.decision === 'suspend' ? now + (input.suspendDays ?? SUSPENSION_DEFAULT_DAYS) * DAY : undefined;

  const { report, closed, photo } = await services.db.transaction().execute(async (trx) => {
    const report = await trx
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', input.reportId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (!report) throw new ApiError('not_found');
    if (input.decision !== 'no_action' && report.reported_id === null)
      throw new ApiError('validation_failed', {}, { fields: { decision: 'the report names no member' } });
    const reportedId = report.reported_id;
    let photo;
    if (input.decision === 'remove_photo') {
      photo = await trx
        .selectFrom('photos')
        .selectAll()
        .where('id', '=', input.photoId ?? -1)
        .where('profile_id', '=', reportedId!)
        .executeTakeFirst();
      if (!photo)
        throw new ApiError('validation_failed', {}, { fields: { photo_id: 'a photo of the reported member' } });
    }
    const decided = {
      status: 'decided' as const,
      decision: input.decision,
      decision_ground: input.ground,
      decision_facts: facts,
      decided_by: input.decidedBy,
      decided_at: now,
    };
    // The decision on a member answers every open report about them, not only the one in hand.
    const closed = await trx
      .updateTable('reports')
      .set(decided)
      .where('status', '=', 'open')
      .where((eb) =>
        reportedId === null || input.decision === 'no_action' || input.decision === 'remove_photo'
          ? eb('id', '=', report.id)
          : eb.or([eb('id', '=', report.id), eb('reported_id', '=', reportedId)]),
      )
      .returning(['id', 'reporter_id', 'reporter_email', 'reporter_name', 'language', 'brand'])
      .execute();
    // Last: the sanction publishes the member's `session-ended` event, which the bus wants last.
    const origin = { operatorId: input.decidedBy, reportId: report.id, ground: input.ground, facts };
    if (input.decision === 'ban')
      await sanctionMember(trx, services.events, { memberId: reportedId!, sanction: 'ban', now, ...origin });
    if (input.decision === 'suspend')
      await sanctionMember(trx, services.events, {
        memberId: reportedId!,
        sanction: 'suspension',
        now,
        until: until!,
        ...origin,
      });
    return { report, closed, photo };
  });
  // Files go after the commit (removePhoto deletes the row in its own transaction, then the files).
  if (photo) await removePhoto(services, photo);

  return {
    result: {
      reportId: report.id,
      decision: input.decision,
      reportedId: report.reported_id,
      alsoClosed: closed.map((r) => r.id).filter((id) => id !== report.id),
    },
    notify: (outer) => sendDecisionMails(outer, { ...input, facts, until, report, closed }),
  };
}

async function sendDecisionMails(
  services: Services,
  input: Decision & {
    until: number | undefined;
    report: { id: number; brand: string; reported_id: number | null };
    closed: {
      id: number;
      reporter_id: number | null;
      reporter_email: string | null;
      reporter_name: string | null;
      language: string;
      brand: string;
    }[];
  },
): Promise<void> {
  const brand = services.brands.all().find((b) => b.domain === input.report.brand);
  if (!brand) return;
  const from = brandSender(brand, services.config.mailFrom);
  const origin = `https://${brand.domain}`;
  const complaintsUrl = `${origin}/complaints`;
  const ids = [input.report.reported_id, ...input.closed.map((r) => r.reporter_id)].filter(
    (id): id is number => id !== null,
  );
  // Reported member and member reporters in one query: address, name and language.
  const people = ids.length
    ? await services.db
        .selectFrom('users as u')
        .innerJoin('profiles as p', 'p.id', 'u.id')
        .select(['u.id', 'u.email', 'u.language', 'p.name', 'u.erased_at'])
        .where('u.id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(people.filter((p) => p.erased_at === null).map((p) => [p.id, p]));
  const send = (mail: Parameters<Services['mailer']['send']>[0]) =>
    services.mailer
      .send(mail)
      .catch((error: unknown) =>
        services.log.error({ err: error, report_id: input.report.id }, 'decision mail failed'),
      );
  const localeOf = (language: string): Locale => toLocale(language) ?? toLocale(brand.domain_language) ?? 'en';

  const reported = input.report.reported_id !== null ? byId.get(input.report.reported_id) : undefined;
  if (reported && input.decision !== 'no_action') {
    const locale = localeOf(reported.language);
    await send(
      statementOfReasonsMail({
        brand,
        locale,
        translate: services.translate,
        from,
        to: reported.email,
        name: reported.name,
        decision: input.decision,
        ground: input.ground,
        facts: input.facts,
        reference: input.report.id,
        ...(input.until ? { until: formatDate(input.until, locale, 'dateLong') } : {}),
        complaintsUrl,
      }),
    );
  }
  for (const closed of input.closed) {
    const member = closed.reporter_id !== null ? byId.get(closed.reporter_id) : undefined;
    const to = member?.email ?? closed.reporter_email;
    if (!to) continue;
    await send(
      reportOutcomeMail({
        brand,
        locale: localeOf(member?.language ?? closed.language),
        translate: services.translate,
        from,
        to,
        name: member?.name ?? closed.reporter_name ?? to,
        reference: closed.id,
        actionTaken: input.decision !== 'no_action',
        complaintsUrl,
      }),
    );
  }
}

/**
 * A moderator bans or unbans a member directly (the console's member page), without a report: the
 * ban is carried out and the member receives the statement of reasons; lifting it needs no statement.
 */
export async function banMember(
  services: Services,
  input: { memberId: number; ground: DecisionGround; facts: string; operatorId?: number | null },
): Promise<void> {
  const notify = await applyBan(services, input);
  await notify(services);
}

/** The database part of `banMember` (joins the caller's transaction); answers the mail to send after the commit. */
export async function applyBan(
  services: Services,
  /** `operatorId`: who bans (the console); null or absent for the CLI. */
  input: { memberId: number; ground: DecisionGround; facts: string; operatorId?: number | null },
): Promise<(services: Services) => Promise<void>> {
  const facts = input.facts.trim();
  if (!facts) throw new ApiError('validation_failed', {}, { fields: { facts: 'required' } });
  const member = await services.db
    .selectFrom('users as u')
    .innerJoin('profiles as p', 'p.id', 'u.id')
    .select(['u.id', 'u.brand', 'u.email', 'u.language', 'u.erased_at', 'p.name'])
    .where('u.id', '=', input.memberId)
    .executeTakeFirst();
  if (!member) throw new ApiError('not_found');
  await services.db.transaction().execute(async (trx) => {
    await sanctionMember(trx, services.events, {
      memberId: member.id,
      sanction: 'ban',
      now: services.now(),
      operatorId: input.operatorId ?? null,
      ground: input.ground,
      facts,
    });
  });
  return async (outer) => {
    const brand = outer.brands.all().find((b) => b.domain === member.brand);
    if (!brand || member.erased_at !== null) return;
    await outer.mailer
      .send(
        statementOfReasonsMail({
          brand,
          locale: toLocale(member.language) ?? toLocale(brand.domain_language) ?? 'en',
          translate: outer.translate,
          from: brandSender(brand, outer.config.mailFrom),
          to: member.email,
          name: member.name,
          decision: 'ban',
          ground: input.ground,
          facts,
          reference: member.id,
          complaintsUrl: `https://${brand.domain}/complaints`,
        }),
      )
      .catch((error: unknown) =>
        outer.log.error({ err: error, user_id: member.id }, 'statement of reasons mail failed'),
      );
  };
}

/**
 * Lifts a member's ban or suspension (joins the caller's transaction); false when there was none.
 * `operatorId` and `reason` go into the sanction's history.
 */
export async function unbanMember(
  services: Services,
  memberId: number,
  lift: { operatorId?: number | null; reason?: string | null } = {},
): Promise<boolean> {
  return services.db
    .transaction()
    .execute((trx) => liftSanction(trx, memberId, { now: services.now(), how: 'lifted', ...lift }));
}
