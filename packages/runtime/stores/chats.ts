import { atom, task } from 'nanostores';
import { sortChats, withChatMessage, withChatRead, withChatRemoved, type ChatList } from '../rules/chat.ts';
import type { Message } from '../schemas/api/chat.ts';
import { api } from './api.ts';
import { createLoader, loadForMember, type Loadable } from './loadable.ts';
import { $user } from './user.ts';

export type ChatsData = ChatList;

export type ChatsState = Loadable<ChatsData>;

/**
 * The member's conversations (spec §3 Chat state "chats"), newest first, with the total of unread
 * messages. Loaded while something listens and a member is logged in; live events change it in place
 * (a message, a read, a deletion: no request), and only a conversation the list does not have yet
 * loads it again. Concurrent loads share one request.
 */
export const $chats = atom<ChatsState>({ status: 'idle' });

const chatsLoader = createLoader($chats, async () => {
  const answer = await api().call('GET /api/chats.php');
  return { chats: sortChats(answer.chats), total_unread: answer.total_unread };
});

loadForMember($chats, chatsLoader);

/** The list (GET /api/chats.php); joins a load already in flight. */
export function loadChats(): Promise<ChatsData> {
  return chatsLoader.load();
}

/** The list as it is now: a load that starts after this call (one, however many callers). */
export function refreshChats(): Promise<ChatsData> {
  return chatsLoader.refresh();
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
      await api().call('DELETE /api/chat.php', { body: { conversation: { id: conversationId } } }, { retries: 0 });
    } catch (error) {
      void refreshChats().catch(() => undefined);
      throw error;
    }
  });
}
