import { presenceOf } from '@datekit/runtime/rules/chat-live';
import type { Presence } from '@datekit/runtime/schemas/api/chat';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../errors/api-error.ts';
import { visibleTo } from '../members/visible-to.ts';

/**
 * The columns presence needs from a query over `profiles as p` left-joined with `member_presence as mp`
 * (the member's last open tab): one join, so a list of any length stays one query.
 */
export const PRESENCE_COLUMNS = ['p.invisible as presence_invisible', 'p.hide_presence', 'mp.stream_seen_at'] as const;

/** The presence a row with PRESENCE_COLUMNS lets others see (never for an invisible member or one who hides it). */
export function presenceFromRow(
  row: { presence_invisible: number; hide_presence: number; stream_seen_at: number | null },
  now: number,
): Presence {
  return presenceOf(
    {
      invisible: row.presence_invisible === 1,
      hidden: row.hide_presence === 1,
      lastSeenAt: row.stream_seen_at === null ? null : Number(row.stream_seen_at),
    },
    now,
  );
}

/**
 * The other member of one of the member's conversations, when the two may still chat: the member is
 * in it, the other is an active profile whose account is not pending deletion or sanctioned, and
 * neither blocked the other. Anything else answers `not_found`, like a conversation that does not
 * exist, so a blocked member learns nothing and the other gets nothing. One query.
 */
export async function livePartner(db: Db, memberId: number, conversationId: number): Promise<number> {
  const row = await db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .innerJoin('profiles as p', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('c.member_a', '=', memberId), eb('p.id', '=', eb.ref('c.member_b'))]),
          eb.and([eb('c.member_b', '=', memberId), eb('p.id', '=', eb.ref('c.member_a'))]),
        ]),
      ),
    )
    .innerJoin('users as u', 'u.id', 'p.id')
    .select('p.id')
    .where('cm.conversation_id', '=', conversationId)
    .where('cm.member_id', '=', memberId)
    .where('u.deletion_requested_at', 'is', null)
    .where('u.sanction', 'is', null)
    .where((eb) => visibleTo(eb, memberId, { brand: null, activeOnly: true, hideInvisible: false, hideBlocked: true }))
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found');
  return row.id;
}
