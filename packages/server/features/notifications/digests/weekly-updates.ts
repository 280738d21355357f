import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@datekit/runtime/data/countries';
import { toLocale } from '@datekit/runtime/data/locales';
import { wallClockAt } from '@datekit/runtime/rules/daily';
import { resolveSearchFilters } from '@datekit/runtime/rules/search';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { everyHourOnMondays, isoWeek, type RecurringJob } from '../../../jobs/recurring.ts';
import { brandSender } from '../../../mail/templates/link-mail.ts';
import { weeklyUpdateMail, type SuggestedMember } from '../../../mail/templates/digest-mail.ts';
import type { Services } from '../../../services.ts';
import { visibleTo } from '../../members/visible-to.ts';
import { searchConditions, searchScope } from '../../search/search-conditions.ts';
import { selectProfiles } from '../../users/member-row.ts';
import { toProfileJson } from '../../users/user-json.ts';
import { createUnsubscribeTokens } from '../mail-notifications.ts';
import { claimDigests, sendClaimed } from './claims.ts';
import { DIGEST_BATCH, mayMailSql } from './mailable.ts';
import { WEEK_MS } from '@datekit/runtime/rules/time';

/**
 * The weekly update goes out on Monday at 08:00 in the member's country (its capital's time zone),
 * and covers the 7 days before the sweep that sends it. The sweep runs every hour on Mondays (UTC),
 * which holds every country's 08:00: from 05:00 UTC for Helsinki in summer to 13:00 for New York in winter.
 */
export const WEEKLY_UPDATE_SWEEP: RecurringJob = { name: 'sweep-weekly-updates', next: everyHourOnMondays };
export const WEEKLY_UPDATE_HOUR = 8;

/**
 * The countries where this week's update is due at `now`: it is the same ISO week there as in UTC
 * (the week names the mail), and past Monday WEEKLY_UPDATE_HOUR:00 local time. A sweep that runs late
 * (every instance was down on Monday) finds every country due.
 */
export function countriesDue(now: number): CountryCode[] {
  const week = isoWeek(now);
  return COUNTRY_CODES.filter((code) => {
    const local = wallClockAt(now, COUNTRIES[code].timeZone);
    const date = new Date(local);
    return isoWeek(local) === week && (date.getUTCDay() !== 1 || date.getUTCHours() >= WEEKLY_UPDATE_HOUR);
  });
}

/** New members shown per mail, from a pool of the brand's newest fitting members of the week. */
export const WEEKLY_SUGGESTIONS = 3;
const SUGGESTION_POOL = 20;

/**
 * Sends this week's update to every member of a country where it is due (`countriesDue`) who may be
 * mailed about type weekly_updates and has not had this ISO week's yet: likes, matches and messages
 * received in the last 7 days, and up to WEEKLY_SUGGESTIONS members who joined that week and fit the
 * brand's default search (the search rules: active, visible, in the brand's countries; never the
 * member or anyone blocked either way). When there is nothing to say (no activity, no new member) the
 * week is marked handled and no mail goes out. Queries per batch: one for due members with their
 * counts, one for the new members each may be shown, one claim, one for unsubscribe links; one per
 * brand and sweep for the new members.
 */
export async function sweepWeeklyUpdates(services: Services): Promise<number> {
  const { db } = services;
  const now = services.now();
  const since = now - WEEK_MS;
  const week = isoWeek(now);
  const countries = countriesDue(now);
  if (countries.length === 0) return 0;
  const newcomers = new Map<string, Promise<SuggestedMember[]>>();
  const poolOf = (brand: Brand) => {
    if (!newcomers.has(brand.domain)) newcomers.set(brand.domain, newMembersOfTheWeek(services, brand, since, now));
    return newcomers.get(brand.domain)!;
  };
  let sent = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('users as u')
      .innerJoin('profiles as p', 'p.id', 'u.id')
      .select((eb) => [
        'u.id',
        'u.email',
        'u.brand',
        'u.language',
        'p.name',
        eb
          .selectFrom('likes as l')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('l.liked_id', '=', 'u.id')
          .where('l.created_at', '>=', since)
          .as('likes'),
        // A match of the week: both likes exist and the later one is of the week.
        eb
          .selectFrom('likes as mine')
          .innerJoin('likes as theirs', (join) =>
            join.onRef('theirs.liker_id', '=', 'mine.liked_id').onRef('theirs.liked_id', '=', 'mine.liker_id'),
          )
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('mine.liker_id', '=', 'u.id')
          .where((w) => w.or([w('mine.created_at', '>=', since), w('theirs.created_at', '>=', since)]))
          .as('matches'),
        eb
          .selectFrom('messages as m')
          .innerJoin('conversation_members as cm', 'cm.conversation_id', 'm.conversation_id')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('cm.member_id', '=', 'u.id')
          .whereRef('m.sender_id', '!=', 'u.id')
          .where('m.created_at', '>=', since)
          .as('messages'),
      ])
      .where('u.id', '>', after)
      .where('p.country', 'in', countries)
      .where((eb) => mayMailSql(eb, 'weekly_updates'))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('digest_mails as d')
              .select('d.user_id')
              .whereRef('d.user_id', '=', 'u.id')
              .where('d.kind', '=', 'weekly_update')
              .where('d.period', '=', week),
          ),
        ),
      )
      .orderBy('u.id')
      .limit(DIGEST_BATCH)
      .execute();
    if (!rows.length) return sent;
    after = rows.at(-1)!.id;
    const allowed = await suggestionsFor(services, rows, poolOf);

    const due = [];
    for (const row of rows) {
      const brand = services.brands.get(row.brand);
      if (!brand) continue;
      const suggestions = (await poolOf(brand))
        .filter((m) => allowed.has(`${row.id}:${m.id}`))
        .slice(0, WEEKLY_SUGGESTIONS);
      const counts = { likes: Number(row.likes), matches: Number(row.matches), messages: Number(row.messages) };
      const something = counts.likes + counts.matches + counts.messages > 0 || suggestions.length > 0;
      due.push({ ...row, brand, counts, suggestions, something });
    }
    const claimed = await claimDigests(
      db,
      due.map((r) => ({ userId: r.id, period: week, coversUntil: null, sent: r.something })),
      'weekly_update',
      now,
    );
    const mine = due.filter((r) => r.something && claimed.has(r.id));
    const tokens = await createUnsubscribeTokens(
      db,
      mine.map((r) => r.id),
      'weekly_updates',
      now,
    );
    sent += await sendClaimed(
      services,
      'weekly_update',
      mine,
      (r) => {
        const origin = `https://${r.brand.domain}`;
        return weeklyUpdateMail({
          brand: r.brand,
          locale: toLocale(r.language) ?? r.brand.default_language,
          translate: services.translate,
          from: brandSender(r.brand, services.config.mailFrom),
          to: r.email,
          name: r.name,
          origin,
          unsubscribeUrl: `${origin}/api/unsubscribe.php?token=${tokens.get(r.id)!}`,
          counts: r.counts,
          suggestions: r.suggestions,
        });
      },
      () => week,
    );
    if (rows.length < DIGEST_BATCH) return sent;
  }
}

/**
 * Which of their brands' new members each of `rows` may be shown (`visibleTo`: never herself, nobody
 * blocked either way), as `member:suggested` keys; one query for the batch.
 */
async function suggestionsFor(
  services: Services,
  rows: readonly { id: number; brand: string }[],
  poolOf: (brand: Brand) => Promise<SuggestedMember[]>,
): Promise<Set<string>> {
  const brands = [...new Set(rows.map((r) => r.brand))].flatMap((domain) => services.brands.get(domain) ?? []);
  const pool = [...new Set((await Promise.all(brands.map(poolOf))).flat().map((m) => m.id))];
  if (pool.length === 0) return new Set();
  const members = rows.map((r) => r.id);
  const pairs = await services.db
    .selectFrom('users as u')
    .innerJoin('profiles as p', (join) => join.on('p.id', 'in', pool))
    .select(['u.id as member_id', 'p.id'])
    .where('u.id', 'in', members)
    .where((eb) =>
      visibleTo(eb, eb.ref('u.id'), {
        brand: eb.ref('u.brand'),
        activeOnly: true,
        hideInvisible: true,
        hideBlocked: true,
      }),
    )
    .execute();
  return new Set(pairs.map((pair) => `${pair.member_id}:${pair.id}`));
}

/** The brand's newest members of the week fitting its default search, newest first; approved photos only. */
async function newMembersOfTheWeek(
  services: Services,
  brand: Brand,
  since: number,
  now: number,
): Promise<SuggestedMember[]> {
  const filters = resolveSearchFilters({}, services.searchDefaults[brand.niche.slug]);
  const scope = searchScope(brand, null, now);
  const rows = await selectProfiles(services.db)
    .where((eb) => searchConditions(eb, scope, filters))
    .where('p.created_at', '>=', since)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(SUGGESTION_POOL)
    .execute();
  return rows.map((row) => {
    const profile = toProfileJson(row, now);
    return {
      id: profile.id,
      name: profile.name,
      age: profile.age,
      city: profile.city,
      fictional: profile.fictional,
      // toProfileJson shows others only an approved photo; otherwise the mail draws a placeholder.
      photo: profile.main_image?.thumb_filename ?? null,
    };
  });
}
