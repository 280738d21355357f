import type { FastifyBaseLogger } from 'fastify';
import { toLocale, type Locale } from '@datekit/runtime/data/locales';
import type { ReportContext } from '@datekit/runtime/data/reports';
import { checkEmail } from '@datekit/runtime/rules/signup';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ApiError } from '../../errors/api-error.ts';
import { brandSender } from '../../mail/templates/link-mail.ts';
import { reportReceivedMail } from '../../mail/templates/report-mail.ts';
import type { Services } from '../../services.ts';
import type { CurrentMember } from '../users/current-member.ts';

export interface NewReport {
  brand: Brand;
  locale: Locale;
  /** The member who reports, or null for a visitor (who then gives `email`). */
  reporter: CurrentMember | null;
  email?: string | undefined;
  name?: string | undefined;
  reportedId: number | null;
  context: ReportContext;
  contextId?: number | undefined;
  subject?: string | undefined;
  reason: string;
  text: string;
  siteUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Checks that the reported content is there for this reporter to have seen: a profile of the brand
 * (a visitor: a visible one), a conversation of the reporter with the reported member, or a message
 * that member sent the reporter. Anything else answers `not_found`, as the rest of the API does.
 */
async function checkContext(services: Services, input: NewReport): Promise<void> {
  if (input.context === 'complaint') return;
  const reporterId = input.reporter?.id ?? null;
  if (reporterId === null && input.context !== 'profile')
    throw new ApiError('validation_failed', {}, { fields: { context: 'visitors report profiles' } });
  if (input.reportedId === reporterId)
    throw new ApiError('validation_failed', {}, { fields: { reported_id: 'not yourself' } });
  const profile = await services.db
    .selectFrom('profiles')
    .select(['id', 'status'])
    .where('id', '=', input.reportedId!)
    .where('brand', '=', input.brand.domain)
    .executeTakeFirst();
  if (!profile || (reporterId === null && profile.status !== 'active')) throw new ApiError('not_found');
  if (input.context === 'profile') return;
  if (input.contextId === undefined)
    throw new ApiError('validation_failed', {}, { fields: { context_id: 'required' } });
  const [a, b] = [Math.min(reporterId!, input.reportedId!), Math.max(reporterId!, input.reportedId!)];
  const found =
    input.context === 'conversation'
      ? await services.db
          .selectFrom('conversations')
          .select('id')
          .where('id', '=', input.contextId)
          .where('member_a', '=', a)
          .where('member_b', '=', b)
          .executeTakeFirst()
      : await services.db
          .selectFrom('messages as m')
          .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
          .select('m.id')
          .where('m.id', '=', input.contextId)
          .where('m.sender_id', '=', input.reportedId!)
          .where('c.member_a', '=', a)
          .where('c.member_b', '=', b)
          .executeTakeFirst();
  if (!found) throw new ApiError('not_found');
}

/**
 * Stores a report in the moderators' queue and confirms it to the reporter by mail (DSA art. 16(4));
 * the answer confirms it on screen. A visitor must give a valid address to hear back.
 */
export async function storeReport(services: Services, input: NewReport): Promise<number> {
  const email = input.reporter?.email ?? input.email?.trim() ?? '';
  if (!input.reporter && !checkEmail(email, true).ok) throw new ApiError('invalid_email', {}, { field: 'email' });
  await checkContext(services, input);
  const language = (input.reporter && toLocale(input.reporter.language)) || input.locale;
  const name = input.reporter?.name ?? (input.name?.trim() || null);
  const row = await services.db
    .insertInto('reports')
    .values({
      brand: input.brand.domain,
      reporter_id: input.reporter?.id ?? null,
      reporter_name: name,
      reporter_email: input.reporter ? null : email,
      language,
      reported_id: input.reportedId,
      context: input.context,
      context_id: input.contextId ?? null,
      subject: input.subject ?? null,
      reason: input.reason,
      text: input.text,
      status: 'open',
      created_at: services.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await services.mailer
    .send(
      reportReceivedMail({
        brand: input.brand,
        locale: language,
        translate: services.translate,
        from: brandSender(input.brand, services.config.mailFrom),
        to: email,
        name: name ?? email,
        reference: row.id,
        siteUrl: input.siteUrl,
      }),
    )
    .catch((error: unknown) => input.log.error({ err: error }, 'report confirmation mail failed'));
  return row.id;
}
