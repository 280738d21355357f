import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatListItem } from '../schemas/api/chat.ts';
import { configureApi } from './api.ts';
import { $chatCounters } from './chat-counters.ts';
import { $chats, deleteChat } from './chats.ts';
import { json, scriptedFetch } from './test-network.ts';
import { $user } from './user.ts';
import { testMember, testProfile } from '../test-fixtures.ts';

const profile = (id: number) => testProfile(id);
const member = testMember(profile(9), 0);
const chat = (id: number, at: string, unread: number): ChatListItem => ({
  conversation: { id, last_message_at: at, last_message: null },
  profile: profile(id + 100),
  presence: null,
  num_unread_messages: unread,
});
const list = { chats: [chat(1, '2026-01-01T00:00:00Z', 1), chat(2, '2026-01-03T00:00:00Z', 2)], total_unread: 3 };
const noWait = { sleep: async () => undefined, random: () => 1 };
const flush = async () => {
  await allTasks();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => {
  // The stores fetch only in a browser.
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
  $user.set(undefined);
  $chats.set({ status: 'idle' });
  $chatCounters.set({ unreadMessages: 0, newLikes: 0 });
});
afterEach(() => {
  cleanStores($chats, $chatCounters, $user);
  vi.unstubAllGlobals();
});

describe('$chats', () => {
  it('loads the list newest first for a member and feeds the unread badge', async () => {
    configureApi({
      fetch: scriptedFetch({
        'GET /api/user.php': () => json(200, { user: member }),
        'GET /api/chats.php': () => json(200, list),
        'GET /api/likes.php': () => json(200, { profiles: [], liked_by: [], likes: [], matches: [] }),
      }).fetch,
      ...noWait,
    });
    keepMount($chatCounters);
    $user.set(member);
    await flush();
    const state = $chats.get();
    expect(state.status === 'ready' && state.data.chats.map((c) => c.conversation.id)).toEqual([2, 1]);
    expect($chatCounters.get().unreadMessages).toBe(3);
  });

  it('removes a chat at once and keeps it out when the server deletes it', async () => {
    const { fetch, calls } = scriptedFetch({
      'GET /api/user.php': () => json(200, { user: member }),
      'GET /api/chats.php': () => json(200, list),
      'DELETE /api/chat.php': () => json(200, { ok: true }),
    });
    configureApi({ fetch, ...noWait });
    keepMount($chats);
    $user.set(member);
    await flush();
    const pending = deleteChat(2);
    const state = $chats.get();
    expect(state.status === 'ready' && state.data.chats.map((c) => c.conversation.id)).toEqual([1]);
    expect(state.status === 'ready' && state.data.total_unread).toBe(1);
    await pending;
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', body: { conversation: { id: 2 } } });
  });

  it('reloads the list and throws when the deletion fails', async () => {
    const { fetch, calls } = scriptedFetch({
      'GET /api/user.php': () => json(200, { user: member }),
      'GET /api/chats.php': () => json(200, list),
      'DELETE /api/chat.php': () => json(404, { error: 'not_found', message: 'Not found' }),
    });
    configureApi({ fetch, ...noWait });
    keepMount($chats);
    $user.set(member);
    await flush();
    await expect(deleteChat(2)).rejects.toThrow('Not found');
    await flush();
    expect(calls.filter((c) => c.url === '/api/chats.php').length).toBe(2);
    const state = $chats.get();
    expect(state.status === 'ready' && state.data.chats.map((c) => c.conversation.id)).toEqual([2, 1]);
  });
});
