import { atom, onMount, task } from 'nanostores';
import { sortChats, withoutChat } from '../rules/chat.ts';
import type { ChatsResponse } from '../schemas/api/chat.ts';
import { api, isBrowser } from './api.ts';
import { $user } from './user.ts';

export type ChatsData = ChatsResponse;

export type ChatsState =
  /** Nobody is logged in, or nothing listened yet. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: ChatsData }
  /** The first load failed; a later failing refresh keeps the list already shown. */
  | { status: 'failed'; error: unknown };

/**
 * The member's conversations (spec §3 Chat state "chats"), newest first, with the total of unread
 * messages. Loaded while something listens and a member is logged in; the live events store fetches
 * it again on every message, read or deletion, and refreshes it on the spec's timer while its stream
 * is down.
 */
export const $chats = atom<ChatsState>({ status: 'idle' });

// Bumped whenever the member changes: an answer for the previous member must not land.
let generation = 0;

onMount($chats, () => {
  if (!isBrowser()) return;
  let memberId: number | null | undefined;
  const unbind = $user.subscribe((user) => {
    const id = user === undefined ? undefined : (user?.profile.id ?? null);
    if (id === memberId) return;
    memberId = id;
    generation += 1;
    if (id === undefined) return;
    if (id === null) {
      $chats.set({ status: 'idle' });
      return;
    }
    $chats.set({ status: 'loading' });
    void loadChats().catch(() => undefined);
  });
  return () => {
    unbind();
    generation += 1;
  };
});

/** Fetches the list again (GET /api/chats.php). */
export function loadChats(): Promise<ChatsData> {
  return task(async () => {
    const started = generation;
    try {
      const answer = await api().get<ChatsData>('/api/chats.php');
      const data = { chats: sortChats(answer.chats), total_unread: answer.total_unread };
      if (started === generation) $chats.set({ status: 'ready', data });
      return data;
    } catch (error) {
      if (started === generation && $chats.value.status !== 'ready') $chats.set({ status: 'failed', error });
      throw error;
    }
  });
}

/**
 * Removes a chat (spec §4): it leaves the list at once, then DELETE /api/chat.php. On failure the list
 * is fetched again and the error thrown, so the screen can show its alert.
 */
export function deleteChat(conversationId: number): Promise<void> {
  return task(async () => {
    const state = $chats.value;
    if (state.status === 'ready') {
      const removed = state.data.chats.find((chat) => chat.conversation.id === conversationId);
      $chats.set({
        status: 'ready',
        data: {
          chats: withoutChat(state.data.chats, conversationId),
          total_unread: state.data.total_unread - (removed?.num_unread_messages ?? 0),
        },
      });
    }
    try {
      await api().delete('/api/chat.php', { conversation: { id: conversationId } }, { retries: 0 });
    } catch (error) {
      void loadChats().catch(() => undefined);
      throw error;
    }
  });
}
