import { map, onMount } from 'nanostores';
import { shouldSendTyping, typingUntil } from '../rules/chat-live.ts';
import { api } from './api.ts';
import { onLiveEvent } from './live-events.ts';
import { $user } from './user.ts';

/**
 * Who is typing, by conversation id: until when to show "is typing" (unix ms). Filled by the live
 * `typing` events of the stream the chat already has (no polling); an entry ends by itself after
 * TYPING_SHOWN_MS, or at once when that member's message arrives.
 */
export const $typing = map<Record<string, number | undefined>>({});

const timers = new Map<string, ReturnType<typeof setTimeout>>();

function stopTyping(key: string): void {
  clearTimeout(timers.get(key));
  timers.delete(key);
  if ($typing.get()[key] !== undefined) $typing.setKey(key, undefined);
}

onMount($typing, () => {
  const unbind = onLiveEvent((event) => {
    if (event.type === 'typing') {
      const now = Date.now();
      const until = typingUntil(event.sent_at, now);
      if (until === null) return;
      const key = String(event.conversation_id);
      clearTimeout(timers.get(key));
      timers.set(
        key,
        setTimeout(() => stopTyping(key), until - now),
      );
      $typing.setKey(key, until);
    } else if (event.type === 'message' && event.message.sender_id !== $user.get()?.profile.id) {
      // Their message is what they were typing: the indicator makes way for it.
      const key = String(event.conversation_id);
      if ($typing.get()[key] !== undefined) stopTyping(key);
    }
  });
  return () => {
    unbind();
    for (const key of [...timers.keys()]) stopTyping(key);
  };
});

/** Whether the other member is typing in the conversation now. */
export function isTyping(typing: Record<string, number | undefined>, conversationId: number | null): boolean {
  return conversationId !== null && typing[String(conversationId)] !== undefined;
}

let lastSent: { conversationId: number; at: number } | null = null;

/**
 * The member typed in a conversation: tells the other member, at most every TYPING_SEND_INTERVAL_MS
 * (POST /api/chat-typing.php). A lost one is not worth a retry or an error: the next keystroke tries again.
 */
export function notifyTyping(conversationId: number | null, now = Date.now()): void {
  if (conversationId === null) return;
  if (lastSent?.conversationId === conversationId && !shouldSendTyping(lastSent.at, now)) return;
  lastSent = { conversationId, at: now };
  void api()
    .call('POST /api/chat-typing.php', { body: { conversation_id: conversationId } }, { retries: 0 })
    .catch(() => undefined);
}

/** The message went out: the next keystroke tells the other member at once again. */
export function typingSent(): void {
  lastSent = null;
}
