import { atom, onMount, task } from 'nanostores';
import { sortChats, withChatMessage, withChatRead, withChatRemoved, type ChatList } from '../rules/chat.ts';
import type { Message } from '../schemas/api/chat.ts';
import { api, isBrowser } from './api.ts';
import { singleFlight } from './single-flight.ts';
import { $user } from './user.ts';

export type ChatsData = ChatList;

export type ChatsState =
  /** Nobody is logged in, or nothing listened yet. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: ChatsData }
  /** The first load failed; a later failing refresh keeps the list already shown. */
  | { status: 'failed'; error: unknown };

/**
 * The member's conversations (spec §3 Chat state "chats"), newest first, with the total of unread
 * messages. Loaded while something listens and a member is logged in; live events change it in place
 * (a message, a read, a deletion: no request), and only a conversation the list does not have yet
 * loads it again. Concurrent loads share one request.
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
    // Not a load in flight for the previous member: its answer would not land.
    void refreshChats().catch(() => undefined);
  });
  return () => {
    unbind();
    generation += 1;
  };
});

const chatsLoad = singleFlight(() =>
  task(async () => {
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
  }),
);

/** The list (GET /api/chats.php); joins a load already in flight. */
export function loadChats(): Promise<ChatsData> {
  return chatsLoad.shared();
}

/** The list as it is now: a load that starts after this call (one, however many callers). */
export function refreshChats(): Promise<ChatsData> {
  return chatsLoad.fresh();
}

function change(apply: (data: ChatsData) => ChatsData | null): boolean {
  const state = $chats.value;
  if (state.status !== 'ready') return false;
  const data = apply(state.data);
  if (!data) return false;
  if (data !== state.data) $chats.set({ status: 'ready', data });
  return true;
}

/**
 * A message sent or received (live event, or the answer to a send) updates its conversation in the
 * list without a request; a conversation the list does not have yet loads the list (one request for
 * any number of such messages at once).
 */
export function receiveChatMessage(message: Message): void {
  if ($chats.value.status === 'idle') return;
  const apply = () => change((data) => withChatMessage(data, message, $user.value?.profile.id));
  if (apply()) return;
  // Not listed yet: the list, shared with a load in flight, and once more only if that answer predates it.
  void loadChats()
    .then(() => apply() || refreshChats().then(apply))
    .catch(() => undefined);
}

/** The member read a conversation (in this tab or another): its unread counter goes to 0. */
export function markChatRead(conversationId: number): void {
  change((data) => withChatRead(data, conversationId));
}

/** The member deleted a conversation (in this tab or another): it leaves the list. */
export function dropChat(conversationId: number): void {
  change((data) => withChatRemoved(data, conversationId));
}

/**
 * Removes a chat (spec §4): it leaves the list at once, then DELETE /api/chat.php. On failure the list
 * is fetched again and the error thrown, so the screen can show its alert.
 */
export function deleteChat(conversationId: number): Promise<void> {
  return task(async () => {
    dropChat(conversationId);
    try {
      await api().delete('/api/chat.php', { conversation: { id: conversationId } }, { retries: 0 });
    } catch (error) {
      void refreshChats().catch(() => undefined);
      throw error;
    }
  });
}
