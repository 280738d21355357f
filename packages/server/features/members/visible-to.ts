import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Who may see whom (spec §3, §6), in one place: every query that shows a member another member's
 * profile, photos or name (search, likes, matches, chats, swipe, digests, mails, pushes) filters its
 * `profiles as p` with `visibleTo`. `visibility-coverage.test.ts` lists those queries and fails when
 * one does not.
 */

/** A query over `profiles as p` (and whatever else it joins). */
export type ProfileScope = ExpressionBuilder<Database & { p: Database['profiles'] }, 'p'>;

/** A member id, as a value or as a column of the outer query (a sweep over many members). */
export type MemberRef = number | Expression<number>;

/**
 * The parts of the rule that legitimately vary between callers; each is stated at every call, so a
 * reader sees what a query lets through. Whatever the options, never the viewer herself.
 */
export interface Visibility {
  /**
   * Only members of this brand (the viewer's or the site's). null only where the query starts from
   * a relation that already keeps to one brand, because it began between reachable members: a like,
   * a conversation, a notification about one of them.
   */
  brand: string | Expression<string> | null;
  /** Only active profiles (not disabled by a deletion or a sanction). */
  activeOnly: boolean;
  /**
   * Leave out members in invisible mode. false where the viewer may still see them (spec §6): those
   * who contacted her first, her conversation partners, or where the caller decides it itself.
   */
  hideInvisible: boolean;
  /**
   * Leave out anyone the viewer blocked or who blocked her. false only where the caller must tell the
   * two apart to answer (`blocked_by`, contact-rules.ts) and checks `blockersOf`/`blockedBy` itself.
   */
  hideBlocked: boolean;
}

/**
 * Whether the member `p` may be shown to `viewer` (null: a visitor, or a list for any visitor such as
 * the new members teaser), as a condition to put in a `where`.
 */
export function visibleTo(eb: ProfileScope, viewer: MemberRef | null, rule: Visibility): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (rule.brand !== null) conditions.push(eb('p.brand', '=', rule.brand));
  if (rule.activeOnly) conditions.push(eb('p.status', '=', 'active'));
  if (rule.hideInvisible) conditions.push(eb('p.invisible', '=', 0));
  if (viewer !== null) {
    conditions.push(eb('p.id', '!=', viewer));
    if (rule.hideBlocked) conditions.push(eb('p.id', 'not in', blockedEitherWay(eb, viewer)));
  }
  return eb.and(conditions);
}

/**
 * The ids of everyone `viewer` blocked or who blocked her: the one form of the block check. Uncorrelated
 * (for a viewer given as a value), so the database computes the blocked set once instead of probing
 * it per row: on SQLite an ephemeral index built once, on PostgreSQL a hashed subplan; both halves
 * read an index (`blocks_pk`, `blocks_blocked`). Counting 50,000 profiles against 20,000 blocks, it
 * took 19 ms on SQLite and 37 ms on PostgreSQL where a correlated `not exists (… or …)` took 176 and
 * 349 ms and a `left join` 73 and 355 ms; looking one member up costs the same in every form.
 * Compare with `p.id not in` / `p.id in`.
 */
export function blockedEitherWay(eb: ProfileScope, viewer: MemberRef) {
  return blockedBy(eb, viewer).union(blockersOf(eb, viewer));
}

/** The ids of the members `viewer` blocked. */
export function blockedBy(eb: ProfileScope, viewer: MemberRef) {
  return eb.selectFrom('blocks as b_by').select('b_by.blocked_id as id').where('b_by.blocker_id', '=', viewer);
}

/** The ids of the members who blocked `viewer`. */
export function blockersOf(eb: ProfileScope, viewer: MemberRef) {
  return eb.selectFrom('blocks as b_of').select('b_of.blocker_id as id').where('b_of.blocked_id', '=', viewer);
}
