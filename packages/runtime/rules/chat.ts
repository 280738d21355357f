import type { ChatListItem, Message } from '../schemas/api/chat.ts';

/** The chat list newest first, by the time of its last message (spec §4). */
export function sortChats(chats: readonly ChatListItem[]): ChatListItem[] {
  return [...chats].sort((a, b) => b.conversation.last_message_at.localeCompare(a.conversation.last_message_at));
}

/** The list without one conversation: a removed chat leaves at once, before the server answers (spec §4). */
export function withoutChat(chats: readonly ChatListItem[], conversationId: number): ChatListItem[] {
  return chats.filter((chat) => chat.conversation.id !== conversationId);
}

/** Unread messages over all conversations. */
export function totalUnread(chats: readonly ChatListItem[]): number {
  return chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0);
}

/** The conversation with a member, if the list has one. */
export function chatWithProfile(chats: readonly ChatListItem[], profileId: number): ChatListItem | undefined {
  return chats.find((chat) => chat.profile.id === profileId);
}

/**
 * Messages oldest first without duplicates: a sent message arrives both as the POST answer and as a
 * live event, and a page of older messages may overlap what is shown.
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const message of [...current, ...incoming]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The note that older messages are hidden: no more pages while the history limit was reached (spec §9). */
export function historyHidden(hasMore: boolean, shown: number, historyLimit: number): boolean {
  return !hasMore && historyLimit > 0 && shown >= historyLimit;
}

export interface ComposerState {
  length: number;
  max: number;
  tooLong: boolean;
  /** Nothing but white space: the server refuses it (`message_empty`). */
  empty: boolean;
  canSend: boolean;
}

/** The composer's character counter and whether the text may be sent (settings `message_length`). */
export function composerState(text: string, max: number): ComposerState {
  const length = text.trim().length;
  const tooLong = length > max;
  const empty = length === 0;
  return { length, max, tooLong, empty, canSend: !tooLong && !empty };
}

/** The minimum cost of a message in the visitor's country, in local currency (settings `minimum_message_costs`). */
export function minimumMessageCost(settings: {
  minimum_message_costs: Partial<Record<string, { costs: number; currency: string }>>;
  geoip_selected_country: string;
}): { costs: number; currency: string } | null {
  return settings.minimum_message_costs[settings.geoip_selected_country] ?? null;
}

/** What the chat list shows of a last message: its text, or which kind it was. */
export type MessagePreview = { kind: 'text'; text: string } | { kind: 'gift'; gift: string } | { kind: 'photo' };

export function messagePreview(message: Message): MessagePreview {
  if (message.kind === 'gift') return { kind: 'gift', gift: message.gift ?? '' };
  if (message.kind === 'photo') return { kind: 'photo' };
  return { kind: 'text', text: message.text ?? '' };
}

/** The chat list with its total of unread messages (GET /api/chats.php). */
export interface ChatList {
  chats: ChatListItem[];
  total_unread: number;
}

/**
 * A new message applied to the list, as a live event or a send's answer brings it: it becomes its
 * conversation's last message, the conversation moves to the top, and a received one counts as
 * unread. The same list when it was applied already (the message arrives as the answer and as an
 * event); null when the list has no such conversation (a new one: the caller loads the list).
 */
export function withChatMessage(list: ChatList, message: Message, memberId: number | undefined): ChatList | null {
  const chat = list.chats.find((c) => c.conversation.id === message.conversation_id);
  if (!chat) return null;
  const last = chat.conversation.last_message;
  if (last && last.id >= message.id) return list;
  const unread = message.sender_id === memberId ? 0 : 1;
  const updated: ChatListItem = {
    ...chat,
    conversation: { ...chat.conversation, last_message: message, last_message_at: message.sent_at },
    num_unread_messages: chat.num_unread_messages + unread,
  };
  return {
    chats: sortChats([updated, ...withoutChat(list.chats, chat.conversation.id)]),
    total_unread: list.total_unread + unread,
  };
}

/** The list once the member read a conversation (in any tab): its unread counter is 0. */
export function withChatRead(list: ChatList, conversationId: number): ChatList {
  const chat = list.chats.find((c) => c.conversation.id === conversationId);
  if (!chat || chat.num_unread_messages === 0) return list;
  return {
    chats: list.chats.map((c) => (c === chat ? { ...c, num_unread_messages: 0 } : c)),
    total_unread: Math.max(0, list.total_unread - chat.num_unread_messages),
  };
}

/** The list without a conversation the member deleted (in any tab). */
export function withChatRemoved(list: ChatList, conversationId: number): ChatList {
  const chat = list.chats.find((c) => c.conversation.id === conversationId);
  if (!chat) return list;
  return {
    chats: withoutChat(list.chats, conversationId),
    total_unread: Math.max(0, list.total_unread - chat.num_unread_messages),
  };
}
