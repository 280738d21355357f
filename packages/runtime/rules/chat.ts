import type { Settings } from '../schemas/api/settings.ts';
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
export function minimumMessageCost(
  settings: Pick<Settings, 'minimum_message_costs' | 'geoip_selected_country'>,
): { costs: number; currency: string } | null {
  return settings.minimum_message_costs[settings.geoip_selected_country] ?? null;
}

/** What the chat list shows of a last message: its text, or which kind it was. */
export type MessagePreview = { kind: 'text'; text: string } | { kind: 'gift'; gift: string } | { kind: 'photo' };

export function messagePreview(message: Message): MessagePreview {
  if (message.kind === 'gift') return { kind: 'gift', gift: message.gift ?? '' };
  if (message.kind === 'photo') return { kind: 'photo' };
  return { kind: 'text', text: message.text ?? '' };
}
