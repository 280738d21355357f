import { compiledQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/database.ts';
import { visibleTo, type Visibility } from '../members/visible-to.ts';
import { selectProfiles } from '../users/member-row.ts';
import { PRESENCE_COLUMNS } from './chat-live.ts';
import { MESSAGE_COLUMNS } from './messages.ts';

/**
 * How a conversation shows its other member: whatever their profile's status or invisible mode
 * (partners still see an invisible member, spec §6; `selectProfiles` leaves out those pending
 * deletion or sanctioned); a conversation keeps to its brand. Blocking deletes the conversation.
 */
const PARTNER: Visibility = { brand: null, activeOnly: false, hideInvisible: false, hideBlocked: true };

/** The member's listed conversations, newest first, each with its last message (null columns when none). */
export function conversationsWithLastMessage(db: Db, memberId: number) {
  return conversationsQuery.all(db, { memberId });
}

const conversationsQuery = compiledQuery((db: Db, p: { memberId: number }) =>
  db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .leftJoin('messages as m', (join) =>
      join.onRef('m.conversation_id', '=', 'c.id').on((eb) =>
        eb(
          'm.id',
          '=',
          eb
            .selectFrom('messages as last')
            .select((l) => l.fn.max('last.id').as('id'))
            .whereRef('last.conversation_id', '=', 'c.id'),
        ),
      ),
    )
    .select([
      'c.id',
      'c.member_a',
      'c.member_b',
      'c.last_message_at',
      'cm.unread',
      'cm.cleared_at',
      'm.id as m_id',
      'm.sender_id',
      'm.kind',
      'm.body',
      'm.gift_id',
      'm.photo_filename',
      'm.photo_blurred_filename',
      'm.created_at as m_created_at',
    ])
    .where('cm.member_id', '=', p.memberId)
    .where('cm.hidden', '=', 0)
    .orderBy('c.last_message_at', 'desc'),
);

/**
 * The partners of the member's listed conversations (those `conversationsWithLastMessage` lists) whom
 * she may still see, with their presence. Found through her conversations rather than by a list of
 * ids, so the query has one shape for any number of chats and is compiled once.
 */
export function partnerProfiles(db: Db, memberId: number) {
  return partnersQuery.all(db, { memberId });
}

const partnersQuery = compiledQuery((db: Db, p: { memberId: number }) =>
  selectProfiles(db)
    .leftJoin('member_presence as mp', 'mp.user_id', 'p.id')
    .select(PRESENCE_COLUMNS)
    .where('p.id', 'in', (eb) =>
      eb
        .selectFrom('conversation_members as cm')
        .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
        .select((c) =>
          c
            .case()
            .when('c.member_a', '=', p.memberId)
            .then(c.ref('c.member_b'))
            .else(c.ref('c.member_a'))
            .end()
            .as('partner'),
        )
        .where('cm.member_id', '=', p.memberId)
        .where('cm.hidden', '=', 0),
    )
    .where((eb) => visibleTo(eb, p.memberId, PARTNER)),
);

/** One partner, if the member may still see her, with her presence. */
export function partnerProfile(db: Db, memberId: number, otherId: number) {
  return partnerQuery.first(db, { memberId, otherId });
}

const partnerQuery = compiledQuery((db: Db, p: { memberId: number; otherId: number }) =>
  selectProfiles(db)
    .leftJoin('member_presence as mp', 'mp.user_id', 'p.id')
    .select(PRESENCE_COLUMNS)
    .where('p.id', '=', p.otherId)
    .where((eb) => visibleTo(eb, p.memberId, PARTNER)),
);

/** The member's place in a conversation and what her partner has seen; undefined when she is not in it. */
export function conversationMembership(db: Db, memberId: number, conversationId: number) {
  return membershipQuery.first(db, { memberId, conversationId });
}

const membershipQuery = compiledQuery((db: Db, p: { memberId: number; conversationId: number }) =>
  db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .innerJoin('conversation_members as partner', (join) =>
      join.onRef('partner.conversation_id', '=', 'c.id').on('partner.member_id', '!=', p.memberId),
    )
    .select(['c.id', 'c.member_a', 'c.member_b', 'cm.cleared_at', 'cm.unread', 'partner.seen_message_id'])
    .where('cm.conversation_id', '=', p.conversationId)
    .where('cm.member_id', '=', p.memberId),
);

/** How many messages of the conversation the member has not read; 0 when she is not in it. */
export async function unreadCount(db: Db, memberId: number, conversationId: number): Promise<number> {
  const membership = db.selectFrom('conversation_members').where('member_id', '=', memberId);
  const row = await membership.select('unread').where('conversation_id', '=', conversationId).executeTakeFirst();
  return row?.unread ?? 0;
}

/** The id of the conversation's newest message, if any. */
export async function newestMessageId(db: Db, conversationId: number): Promise<number | null> {
  const newest = await newestMessageQuery.first(db, { conversationId });
  return newest?.id ?? null;
}

const newestMessageQuery = compiledQuery((db: Db, p: { conversationId: number }) =>
  db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation_id', '=', p.conversationId),
);

/**
 * The id of the oldest message within the newest `limit` sent after `since` (the member's clearing);
 * undefined while there are fewer.
 */
export async function historyBoundary(
  db: Db,
  conversationId: number,
  since: number,
  limit: number,
): Promise<number | undefined> {
  const row = await historyBoundaryQuery.first(db, { conversationId, since, skip: limit - 1 });
  return row?.id;
}

const historyBoundaryQuery = compiledQuery((db: Db, p: { conversationId: number; since: number; skip: number }) =>
  db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', p.conversationId)
    .where('created_at', '>', p.since)
    .orderBy('id', 'desc')
    .offset(p.skip)
    .limit(1),
);

/** Where a page of messages lies: after `since`, from `fromId` on, before `beforeId`; `size` of them at most. */
export interface MessageWindow {
  since: number;
  fromId: number | undefined;
  beforeId: number | undefined;
  size: number;
}

/** The conversation's messages inside `window`, newest first. */
export function messagesNewestFirst(db: Db, conversationId: number, window: MessageWindow) {
  const shape = messagePage(window.fromId !== undefined, window.beforeId !== undefined);
  const { since, fromId, beforeId, size } = window;
  return shape.all(db, { conversationId, since, fromId, beforeId, size });
}

/** The page query for each combination of the window's bounds, present or not (compiled on first use). */
const messagePages = new Map<string, ReturnType<typeof messagePageShape>>();

function messagePage(from: boolean, before: boolean) {
  const key = `${from} ${before}`;
  let shape = messagePages.get(key);
  if (!shape) {
    shape = messagePageShape(from, before);
    messagePages.set(key, shape);
  }
  return shape;
}

function messagePageShape(from: boolean, before: boolean) {
  type Params = { conversationId: number; since: number; fromId?: number; beforeId?: number; size: number };
  return compiledQuery((db: Db, p: Params) =>
    db
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS)
      .where('conversation_id', '=', p.conversationId)
      .where('created_at', '>', p.since)
      .$if(from, (q) => q.where('id', '>=', p.fromId!))
      .$if(before, (q) => q.where('id', '<', p.beforeId!))
      .orderBy('id', 'desc')
      .limit(p.size),
  );
}

/** Takes the conversation off the member's list and clears her history up to `now`; `db` should be a transaction. */
export async function hideConversation(db: Db, memberId: number, conversationId: number, now: number): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set({ hidden: 1, unread: 0, cleared_at: now })
    .where('conversation_id', '=', conversationId)
    .where('member_id', '=', memberId)
    .execute();
}
