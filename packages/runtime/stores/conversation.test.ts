import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api/client.ts';
import type { Message } from '../schemas/api/chat.ts';
import { configureApi } from './api.ts';
import { $chats } from './chats.ts';
import { $conversation, openConversation, openConversationWith, sendMessage } from './conversation.ts';
import { handleLiveEvent } from './live-events.ts';
import { json, scriptedFetch } from './test-network.ts';
import { $user } from './user.ts';
import { testMember, testProfile } from '../test-fixtures.ts';

const profile = (id: number, name: string) => testProfile(id, { name });
const me = testMember(profile(9, 'Me'), 20);
const anna = profile(5, 'Anna');
const message = (id: number, sender: number, text: string, conversation = 3): Message => ({
  id,
  conversation_id: conversation,
  sender_id: sender,
  kind: 'text',
  text,
  gift: null,
  photo: null,
  photo_locked: false,
  sent_at: '2026-01-01T00:00:00Z',
});
const chatPage = (messages: Message[]) => ({
  conversation: { id: 3 },
  profile: anna,
  messages,
  has_more: false,
  history_limit: 500,
});
const noWait = { sleep: async () => undefined, random: () => 1 };
const flush = async () => {
  await allTasks();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => {
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', {});
  $user.set(me);
  $chats.set({ status: 'idle' });
  $conversation.set({ status: 'idle' });
});
afterEach(() => {
  cleanStores($conversation, $chats, $user);
  vi.unstubAllGlobals();
});

function network(routes: Record<string, () => Response>) {
  const net = scriptedFetch({
    'GET /api/user.php': () => json(200, { user: me }),
    'GET /api/chats.php': () => json(200, { chats: [], total_unread: 0 }),
    ...routes,
  });
  configureApi({ fetch: net.fetch, ...noWait });
  return net;
}

describe('$conversation', () => {
  it('opens a conversation and appends a live message of the other member once', async () => {
    let latest = [message(1, 5, 'Hi')];
    network({ 'GET /api/chat.php': () => json(200, chatPage(latest)) });
    keepMount($conversation);
    await openConversation(3);
    const live = message(2, 5, 'Still there?');
    latest = [message(1, 5, 'Hi'), live];
    handleLiveEvent({ type: 'message', conversation_id: 3, message: live });
    await flush();
    const state = $conversation.get();
    expect(state.status === 'ready' && state.data.messages.map((m) => m.text)).toEqual(['Hi', 'Still there?']);
  });

  it('ignores a live message of another conversation', async () => {
    network({ 'GET /api/chat.php': () => json(200, chatPage([message(1, 5, 'Hi')])) });
    keepMount($conversation);
    await openConversation(3);
    handleLiveEvent({ type: 'message', conversation_id: 8, message: message(7, 6, 'Someone else', 8) });
    await flush();
    const state = $conversation.get();
    expect(state.status === 'ready' && state.data.messages).toHaveLength(1);
  });

  it('starts an empty conversation with a member and takes the id of the first message sent', async () => {
    const net = network({
      'GET /api/member.php': () =>
        json(200, { profile: anna, liked: false, likes_you: false, match: false, blocked: false }),
      'POST /api/message.php': () => json(201, { message: message(11, 9, 'Hello Anna'), credits: 10 }),
    });
    keepMount($conversation);
    await openConversationWith(5);
    let state = $conversation.get();
    expect(state.status === 'ready' && state.data.conversationId).toBeNull();
    await sendMessage('Hello Anna');
    state = $conversation.get();
    expect(state.status === 'ready' && state.data.conversationId).toBe(3);
    expect(state.status === 'ready' && state.data.messages.map((m) => m.text)).toEqual(['Hello Anna']);
    expect($user.get()?.credits).toBe(10);
    expect(net.calls.find((c) => c.method === 'POST')?.body).toEqual({ profile_id: 5, text: 'Hello Anna' });
  });

  it('throws the refusal of a message without enough credits and sends it only once', async () => {
    const net = network({
      'GET /api/chat.php': () => json(200, chatPage([])),
      'POST /api/message.php': () =>
        json(402, {
          error: 'insufficient_credits',
          message: 'You do not have enough credits to send this message to Anna.',
          buy_url: '/credits',
        }),
    });
    keepMount($conversation);
    await openConversation(3);
    const refusal = await sendMessage('Hi').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiRequestError);
    expect((refusal as ApiRequestError).status).toBe(402);
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect($user.get()?.credits).toBe(20);
  });

  it('shows the refusal of a member who blocked you', async () => {
    network({
      'GET /api/member.php': () => json(403, { error: 'blocked_by', message: 'This member has blocked you.' }),
    });
    keepMount($conversation);
    await openConversationWith(5);
    const state = $conversation.get();
    expect(state.status).toBe('failed');
    expect(state.status === 'failed' && (state.error as ApiRequestError).code).toBe('blocked_by');
  });
});
