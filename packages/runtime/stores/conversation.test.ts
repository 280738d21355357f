import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api/client.ts';
import type { Message } from '../schemas/api/chat.ts';
import { configureApi } from './api.ts';
import { $chats, loadChats } from './chats.ts';
import {
  $conversation,
  closeConversation,
  openConversation,
  openConversationAt,
  openConversationWith,
  sendMessage,
} from './conversation.ts';
import { handleLiveEvent } from './live-events.ts';
import { json, scriptedFetch } from './test-network.ts';
import { $user } from './user.ts';
import { testMember, testProfile } from '../test-fixtures.ts';

const profile = (id: number, name: string) => testProfile(id, { name });
const me = testMember(profile(9, 'Me'), 20);
const anna = profile(5, 'Anna');
const message = (id: number, sender: number, text: string, conversation = 3, at = '2026-01-01T00:00:00Z'): Message => ({
  id,
  conversation_id: conversation,
  sender_id: sender,
  kind: 'text',
  text,
  gift: null,
  photo: null,
  photo_locked: false,
  sent_at: at,
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

  it('keeps the read receipt of the other member, live', async () => {
    network({ 'GET /api/chat.php': () => json(200, { ...chatPage([message(1, 9, 'Hi')]), seen_message_id: null }) });
    keepMount($conversation);
    await openConversation(3);
    let state = $conversation.get();
    expect(state.status === 'ready' && state.data.seenUpTo).toBeNull();
    handleLiveEvent({ type: 'seen', conversation_id: 8, message_id: 1 });
    handleLiveEvent({ type: 'seen', conversation_id: 3, message_id: 1 });
    state = $conversation.get();
    expect(state.status === 'ready' && state.data.seenUpTo).toBe(1);
  });

  it('reads a message that arrives in a background tab only once the tab is seen again', async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    vi.stubGlobal('document', doc);
    const net = network({
      'GET /api/chat.php': () => json(200, chatPage([message(1, 5, 'Hi')])),
      'POST /api/chat-read.php': () => json(200, { ok: true }),
    });
    keepMount($conversation);
    await openConversation(3);
    await flush();
    const reads = () => net.calls.filter((c) => c.method === 'POST' && c.url === '/api/chat-read.php').length;
    expect(reads()).toBe(1);
    handleLiveEvent({ type: 'message', conversation_id: 3, message: message(2, 5, 'Hello?') });
    await flush();
    expect(reads()).toBe(1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(reads()).toBe(2);
    expect(net.calls.at(-1)?.body).toEqual({ conversation_id: 3, message_id: 2 });
    expect(net.calls.filter((c) => c.url.startsWith('/api/chat.php'))).toHaveLength(1);
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

describe('requests per live event', () => {
  const listed = (id: number, last: Message, unread = 0) => ({
    conversation: { id, last_message_at: last.sent_at, last_message: last },
    profile: id === 3 ? anna : profile(id + 100, `P${id}`),
    num_unread_messages: unread,
  });
  const hi = message(1, 5, 'Hi');
  const since = (calls: { method: string; url: string }[], from: number) =>
    calls.slice(from).map((c) => `${c.method} ${c.url.split('?')[0]}`);

  async function openChatWithList(routes: Record<string, () => Response> = {}) {
    const net = network({
      'GET /api/chats.php': () => json(200, { chats: [listed(3, hi)], total_unread: 0 }),
      'GET /api/chat.php': () => json(200, chatPage([hi])),
      'POST /api/chat-read.php': () => json(200, { ok: true }),
      ...routes,
    });
    keepMount($chats);
    keepMount($conversation);
    $user.set(undefined);
    $user.set(me);
    await flush();
    await openConversation(3);
    await flush();
    return net;
  }

  it('an incoming message in the open chat costs one request (marking it read), none for the list', async () => {
    const net = await openChatWithList();
    const before = net.calls.length;
    const live = message(2, 5, 'Still there?', 3, '2026-01-02T00:00:00Z');
    handleLiveEvent({ type: 'message', conversation_id: 3, message: live });
    await flush();
    // The server answers the read with a `read` event to every tab.
    handleLiveEvent({ type: 'read', conversation_id: 3 });
    await flush();
    expect(since(net.calls, before)).toEqual(['POST /api/chat-read.php']);
    expect(net.calls.at(-1)?.body).toEqual({ conversation_id: 3, message_id: 2 });
    const list = $chats.get();
    expect(list.status === 'ready' && list.data.chats[0]).toMatchObject({
      conversation: { last_message: { text: 'Still there?' } },
      num_unread_messages: 0,
    });
  });

  it('opening a listed chat with unread messages marks it read by its own call', async () => {
    const net = await openChatWithList({
      'GET /api/chats.php': () => json(200, { chats: [listed(3, hi, 1)], total_unread: 1 }),
    });
    expect(since(net.calls, 0).filter((c) => c.startsWith('POST'))).toEqual(['POST /api/chat-read.php']);
    expect(net.calls.at(-1)?.body).toEqual({ conversation_id: 3, message_id: 1 });
    const list = $chats.get();
    expect(list.status === 'ready' && list.data.total_unread).toBe(0);
  });

  it('opening a listed chat without unread messages asks nothing more than the chat', async () => {
    const net = await openChatWithList();
    expect(since(net.calls, 0).filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('an incoming message in another listed chat changes the list without any request', async () => {
    const net = await openChatWithList({
      'GET /api/chats.php': () =>
        json(200, { chats: [listed(3, hi), listed(8, message(4, 108, 'Yo', 8))], total_unread: 0 }),
    });
    const before = net.calls.length;
    handleLiveEvent({
      type: 'message',
      conversation_id: 8,
      message: message(9, 108, 'News', 8, '2026-02-01T00:00:00Z'),
    });
    await flush();
    expect(since(net.calls, before)).toEqual([]);
    const list = $chats.get();
    expect(list.status === 'ready' && list.data.chats.map((c) => c.conversation.id)).toEqual([8, 3]);
    expect(list.status === 'ready' && list.data.total_unread).toBe(1);
  });

  it('a send costs the POST alone, also when its own event and the new balance arrive', async () => {
    const sent = message(12, 9, 'Sure', 3, '2026-01-03T00:00:00Z');
    const net = await openChatWithList({
      'POST /api/message.php': () => json(201, { message: sent, credits: 10 }),
    });
    const before = net.calls.length;
    await sendMessage('Sure');
    handleLiveEvent({ type: 'message', conversation_id: 3, message: sent });
    handleLiveEvent({ type: 'credits', credits: 10 });
    await flush();
    expect(since(net.calls, before)).toEqual(['POST /api/message.php']);
    const list = $chats.get();
    expect(list.status === 'ready' && list.data.chats[0]!.conversation.last_message?.text).toBe('Sure');
    const state = $conversation.get();
    expect(state.status === 'ready' && state.data.messages.map((m) => m.text)).toEqual(['Hi', 'Sure']);
  });

  it('messages that start new conversations load the list once, however many arrive together', async () => {
    let answer = { chats: [listed(3, hi)], total_unread: 0 };
    const net = await openChatWithList({ 'GET /api/chats.php': () => json(200, answer) });
    const before = net.calls.length;
    const news = [20, 21, 22].map((id) => message(id, id + 100, `new ${id}`, id, '2026-03-01T00:00:00Z'));
    answer = { chats: [listed(3, hi), ...news.map((m) => listed(m.conversation_id, m, 1))], total_unread: 3 };
    for (const m of news) handleLiveEvent({ type: 'message', conversation_id: m.conversation_id, message: m });
    await flush();
    expect(since(net.calls, before)).toEqual(['GET /api/chats.php']);
    const list = $chats.get();
    expect(list.status === 'ready' && list.data.total_unread).toBe(3);
  });

  it('concurrent loads of the chat list share one request', async () => {
    const net = await openChatWithList();
    const before = net.calls.length;
    await Promise.all([loadChats(), loadChats(), loadChats()]);
    expect(since(net.calls, before)).toEqual(['GET /api/chats.php']);
  });

  describe('opened by the page and by the island', () => {
    const memberAnswer = () =>
      json(200, { profile: anna, liked: false, likes_you: false, match: false, blocked: false });
    const asked = (net: ReturnType<typeof network>, path: string) =>
      net.calls.filter((call) => call.url.split('?')[0] === path).length;

    it("asks once when the island opens the conversation the page's script is opening", async () => {
      const net = network({ 'GET /api/chat.php': () => json(200, chatPage([message(1, 5, 'Hi')])) });
      keepMount($conversation);
      const byPage = openConversationAt('chats-id', '/chats/3');
      const byIsland = openConversationAt('chats-id', '/chats/3');
      await Promise.all([byPage, byIsland]);
      await openConversation(3);
      expect(asked(net, '/api/chat.php')).toBe(1);
      expect($conversation.get().status).toBe('ready');
    });

    it('opens the chat with the member of /members/{id}/chat once, and again after it was closed', async () => {
      const net = network({ 'GET /api/member.php': memberAnswer });
      keepMount($conversation);
      await openConversationAt('members-id-chat', '/members/5/chat');
      await openConversationWith(5);
      expect(asked(net, '/api/member.php')).toBe(1);
      expect(net.calls.find((call) => call.url.startsWith('/api/member.php'))?.url).toContain('id=5');
      closeConversation();
      await openConversationWith(5);
      expect(asked(net, '/api/member.php')).toBe(2);
    });

    it('asks again for another conversation, and after a failure', async () => {
      let fail = true;
      const net = network({
        'GET /api/chat.php': () =>
          fail ? json(404, { error: 'not_found', message: 'Not found' }) : json(200, chatPage([])),
      });
      keepMount($conversation);
      await openConversation(3);
      expect($conversation.get().status).toBe('failed');
      fail = false;
      await openConversation(3);
      expect($conversation.get().status).toBe('ready');
      await openConversation(4);
      expect(asked(net, '/api/chat.php')).toBe(3);
    });

    it('opens nothing for a URL without a valid id', () => {
      network({});
      expect(openConversationAt('chats-id', '/chats/abc')).toBeUndefined();
      expect(openConversationAt('members-id-chat', '/members/0/chat')).toBeUndefined();
      expect($conversation.get().status).toBe('idle');
    });
  });
});
