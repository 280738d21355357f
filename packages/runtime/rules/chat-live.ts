import type { Message, Presence } from '../schemas/api/chat.ts';

/** While a member types, the chat tells the other member at most this often. */
export const TYPING_SEND_INTERVAL_MS = 3_000;
/** The "is typing" indicator lasts this long after the last typing event (two sends and a margin). */
export const TYPING_SHOWN_MS = 6_000;
/** A typing event this old when it arrives (a reconnecting tab catching up) is not shown at all. */
export const TYPING_STALE_MS = 30_000;
/** "Online now": one of the member's tabs reported within this window (two heartbeats and a margin). */
export const PRESENCE_ONLINE_MS = 60_000;
/** "Active today": one of the member's tabs was open within the last 24 hours. */
export const PRESENCE_TODAY_MS = 24 * 3_600_000;

/** What the server knows of a member's presence: their last open tab, invisible mode and the setting to hide it. */
export interface PresenceFacts {
  /** Unix ms of the last time one of their event streams was open; null if never. */
  lastSeenAt: number | null;
  invisible: boolean;
  hidden: boolean;
}

/** The presence others may see: never for an invisible member or one who hides it. */
export function presenceOf(facts: PresenceFacts, now: number): Presence {
  if (facts.invisible || facts.hidden || facts.lastSeenAt === null) return null;
  const ago = now - facts.lastSeenAt;
  if (ago <= PRESENCE_ONLINE_MS) return 'online';
  if (ago <= PRESENCE_TODAY_MS) return 'today';
  return null;
}

/** Whether a keystroke should tell the other member (throttled: at most once per TYPING_SEND_INTERVAL_MS). */
export function shouldSendTyping(lastSentAt: number | null, now: number): boolean {
  return lastSentAt === null || now - lastSentAt >= TYPING_SEND_INTERVAL_MS;
}

/** Until when to show "is typing" for an event sent at `sentAt` and received `now`; null when it is stale. */
export function typingUntil(sentAt: string, now: number): number | null {
  const sent = Date.parse(sentAt);
  if (Number.isNaN(sent) || now - sent > TYPING_STALE_MS) return null;
  return now + TYPING_SHOWN_MS;
}

/**
 * The own message that carries "Seen": the newest of the member's messages the other member has had
 * on screen (id up to `seenUpTo`), or null. Only the newest one: a thread marks where reading stopped.
 */
export function seenMessageId(messages: readonly Message[], memberId: number, seenUpTo: number | null): number | null {
  if (seenUpTo === null) return null;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.sender_id === memberId && message.id <= seenUpTo) return message.id;
  }
  return null;
}
