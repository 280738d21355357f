import { atom, onMount, task } from 'nanostores';
import { ApiNetworkError, ApiRequestError } from '../api/client.ts';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../api/idempotency-key.ts';
import { CLIENT_REQUEST_HEADER, type ApiErrorBody } from '../errors.ts';
import { ROUTES } from '../routes.ts';
import { chatWithProfile, mergeMessages } from '../rules/chat.ts';
import { routeParams } from '../rules/route-params.ts';
import type { ApiAnswer } from '../api/contract.ts';
import type { GiftId } from '../data/gifts.ts';
import type { Message, Presence } from '../schemas/api/chat.ts';
import type { Profile } from '../schemas/api/user.ts';
import { api, isBrowser } from './api.ts';
import { $chats, loadChats, markChatRead, receiveChatMessage } from './chats.ts';
import type { Loadable } from './loadable.ts';
import { onLiveEvent } from './live-events.ts';
import { $user, receiveUser } from './user.ts';

export interface ConversationData {
  profile: Profile;
  /** Null until the first message starts the conversation (the chat opened from a profile). */
  conversationId: number | null;
  /** Oldest first. */
  messages: Message[];
  hasMore: boolean;
  historyLimit: number;
  /** Whether the other member is around (never for an invisible member or one who hides it). */
  presence: Presence;
  /** The newest message the other member has had on screen (read receipts), null before any. */
  seenUpTo: number | null;
}

/** Failed: not found, blocked (`blocked_by`), or the network: the screen shows the server's message. */
export type ConversationState = Loadable<ConversationData>;

/** The one conversation on screen (routes chats-id and members-id-chat); new messages arrive live. */
export const $conversation = atom<ConversationState>({ status: 'idle' });

/** The composer's text; an icebreaker chip fills it. */
export const $draft = atom('');

export function setDraft(text: string): void {
  $draft.set(text);
}

// Bumped whenever another conversation opens: an answer for the previous one must not land.
let generation = 0;

function ready(): ConversationData | undefined {
  const state = $conversation.value;
  return state.status === 'ready' ? state.data : undefined;
}

function update(change: (data: ConversationData) => ConversationData): void {
  const data = ready();
  if (data) $conversation.set({ status: 'ready', data: change(data) });
}

/** The tab is in the background: what arrives is not on screen yet (no read receipt until it is). */
function tabHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

// A message of the other member arrived while the tab was hidden: read it once the tab is seen again.
let unreadWhileHidden = false;

// The newest message of the open conversation the server knows this member has seen: not told twice.
let acknowledged = 0;

onMount($conversation, () => {
  const onVisible = () => {
    if (tabHidden() || !unreadWhileHidden) return;
    unreadWhileHidden = false;
    void acknowledge().catch(() => undefined);
  };
  const canListen = typeof document !== 'undefined' && typeof document.addEventListener === 'function';
  if (canListen) document.addEventListener('visibilitychange', onVisible);
  const unbind = onLiveEvent((event) => {
    const data = ready();
    if (!data) return;
    // The tab missed more than the server keeps: the newest page again.
    if (event.type === 'reset') void refreshLatest().catch(() => undefined);
    if (event.type === 'chat-deleted' && event.conversation_id === data.conversationId) {
      update((current) => ({ ...current, messages: [], hasMore: false }));
    }
    if (event.type === 'seen' && event.conversation_id === data.conversationId) {
      const seen = event.message_id;
      update((current) => ({ ...current, seenUpTo: Math.max(current.seenUpTo ?? 0, seen) }));
    }
    if (event.type !== 'message') return;
    const started = event.conversation_id === data.conversationId;
    // The first message of the other member starts the conversation opened from their profile.
    const first = data.conversationId === null && event.message.sender_id === data.profile.id;
    if (!started && !first) return;
    update((current) => ({
      ...current,
      conversationId: event.conversation_id,
      messages: mergeMessages(current.messages, [event.message]),
    }));
    // Reading it on screen marks it read (POST /api/chat-read.php): the server's unread counter and the
    // other member's read receipt, without fetching the messages again. Not while the tab is in the background.
    if (event.message.sender_id !== data.profile.id) return;
    if (tabHidden()) unreadWhileHidden = true;
    else void acknowledge().catch(() => undefined);
  });
  return () => {
    unbind();
    if (canListen) document.removeEventListener('visibilitychange', onVisible);
    unreadWhileHidden = false;
  };
});

type ConversationAnswer = ApiAnswer<'GET /api/chat.php'>;
type SentMessageAnswer = ApiAnswer<'POST /api/message.php'>;

function fetchChat(conversationId: number, before?: number): Promise<ConversationAnswer> {
  return api().call('GET /api/chat.php', { query: { id: conversationId, before } });
}

/**
 * Tells the server the member had the open conversation on screen up to its newest message, and the list
 * at once; nothing when that message was told already. The one way the client marks a chat read: the GET
 * that opens a conversation marks it read too (the spec's side effect), but nothing here relies on it.
 */
function acknowledge(): Promise<void> {
  return task(async () => {
    const data = ready();
    const newest = data?.messages.at(-1);
    if (!data?.conversationId || !newest || newest.id <= acknowledged) return;
    acknowledged = newest.id;
    markChatRead(data.conversationId);
    await api().call('POST /api/chat-read.php', {
      body: { conversation_id: data.conversationId, message_id: newest.id },
    });
  });
}

/** A conversation just opened: marks it read unless the list already shows it without unread messages. */
function readOnOpen(conversationId: number): void {
  const list = $chats.value;
  const listed =
    list.status === 'ready' ? list.data.chats.find((c) => c.conversation.id === conversationId) : undefined;
  if (listed?.num_unread_messages === 0) acknowledged = ready()?.messages.at(-1)?.id ?? 0;
  void acknowledge().catch(() => undefined);
}

function fromAnswer(answer: ConversationAnswer): ConversationData {
  return {
    profile: answer.profile,
    conversationId: answer.conversation.id,
    messages: answer.messages,
    hasMore: answer.has_more,
    historyLimit: answer.history_limit,
    presence: answer.presence,
    seenUpTo: answer.seen_message_id,
  };
}

// The conversation open or opening, by what asked for it: the page's own script starts it as the page
// loads (openConversationAt), and the island that shows it, hydrated later, adopts it instead of asking again.
let opened: { target: string; done: Promise<void> } | null = null;

function openOnce(target: string, open: () => Promise<void>): Promise<void> {
  const status = $conversation.value.status;
  if (opened?.target === target && (status === 'loading' || status === 'ready')) return opened.done;
  const done = open();
  opened = { target, done };
  return done;
}

export type ConversationRoute = 'chats-id' | 'members-id-chat';

/**
 * Opens the conversation a chat URL names: /chats/{id} by the conversation's id, /members/{id}/chat by
 * the member's (one prerendered page serves every id). Nothing for a URL without a valid id.
 */
export function openConversationAt(route: ConversationRoute, pathname: string): Promise<void> | undefined {
  const path = ROUTES.find((candidate) => candidate.name === route)!.path;
  const id = Number(routeParams(path, pathname)?.id);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return route === 'chats-id' ? openConversation(id) : openConversationWith(id);
}

/** Opens a conversation by its id (route chats-id); the server marks it read, and so does the list. */
export function openConversation(conversationId: number): Promise<void> {
  return openOnce(`conversation ${conversationId}`, () =>
    openNow(async () => fromAnswer(await fetchChat(conversationId))),
  );
}

/**
 * Opens the chat with a member (route members-id-chat): their conversation when there is one, else
 * an empty one with their profile (GET /api/member.php, which also refuses a member who blocked you).
 */
export function openConversationWith(profileId: number): Promise<void> {
  return openOnce(`member ${profileId}`, () =>
    openNow(async () => {
      const list = $chats.value;
      const chats = list.status === 'ready' ? list.data.chats : (await loadChats()).chats;
      const existing = chatWithProfile(chats, profileId);
      if (existing) return fromAnswer(await fetchChat(existing.conversation.id));
      const { profile } = await api().call('GET /api/member.php', { query: { id: profileId } });
      return {
        profile,
        conversationId: null,
        messages: [],
        hasMore: false,
        historyLimit: 0,
        presence: null,
        seenUpTo: null,
      };
    }),
  );
}

/**
 * Shows the conversation `load` answers, from `loading`, under a new generation: what another
 * conversation was still loading never lands. An existing conversation is then marked read.
 */
function openNow(load: () => Promise<ConversationData>): Promise<void> {
  return task(async () => {
    const started = ++generation;
    acknowledged = 0;
    $conversation.set({ status: 'loading' });
    try {
      const data = await load();
      if (started !== generation) return;
      $conversation.set({ status: 'ready', data });
      if (data.conversationId !== null) readOnOpen(data.conversationId);
    } catch (error) {
      if (started === generation) $conversation.set({ status: 'failed', error });
    }
  });
}

/** Fetches the newest page again and merges it, then marks what it shows read (not in a background tab). */
function refreshLatest(): Promise<void> {
  return task(async () => {
    const id = ready()?.conversationId;
    if (!id) return;
    const started = generation;
    const answer = await fetchChat(id);
    if (started !== generation) return;
    update((current) => ({
      ...current,
      messages: mergeMessages(current.messages, answer.messages),
      presence: answer.presence,
      seenUpTo: Math.max(current.seenUpTo ?? 0, answer.seen_message_id ?? 0) || null,
    }));
    if (tabHidden()) unreadWhileHidden = true;
    else await acknowledge();
  });
}

/** Loads the page before the oldest message shown (`before`). */
export function loadOlder(): Promise<void> {
  return task(async () => {
    const data = ready();
    const oldest = data?.messages[0];
    if (!data?.conversationId || !oldest || !data.hasMore) return;
    const started = generation;
    const answer = await fetchChat(data.conversationId, oldest.id);
    if (started !== generation) return;
    update((current) => ({
      ...current,
      messages: mergeMessages(answer.messages, current.messages),
      hasMore: answer.has_more,
      historyLimit: answer.history_limit,
    }));
  });
}

function received(answer: SentMessageAnswer): Message {
  update((current) => ({
    ...current,
    conversationId: answer.message.conversation_id,
    messages: mergeMessages(current.messages, [answer.message]),
  }));
  const user = $user.value;
  if (user) receiveUser({ ...user, credits: answer.credits });
  receiveChatMessage(answer.message);
  return answer.message;
}

function recipient(): number {
  const data = ready();
  if (!data) throw new Error('No conversation is open');
  return data.profile.id;
}

/**
 * Sends a text (POST /api/message.php). Its retries carry the same idempotency key, so a lost answer
 * never sends or charges it twice. Throws the server's refusal (insufficient_credits, message_too_long, ...).
 */
export function sendMessage(text: string): Promise<Message> {
  return task(async () => {
    const profileId = recipient();
    const answer = await api().call('POST /api/message.php', { body: { profile_id: profileId, text } });
    return received(answer);
  });
}

/** Sends a gift (POST /api/gift.php); retried safely, like a message. */
export function sendGift(giftId: GiftId): Promise<Message> {
  return task(async () => {
    const profileId = recipient();
    const answer = await api().call('POST /api/gift.php', { body: { profile_id: profileId, gift_id: giftId } });
    return received(answer);
  });
}

/**
 * Sends a photo (POST /api/chat-photo.php) with the image itself as the body and its own content type,
 * which the JSON client cannot send. Throws like the API client does.
 */
export function sendPhoto(file: Blob): Promise<Message> {
  return task(async () => {
    const profileId = recipient();
    let response: Response;
    try {
      response = await fetch(`/api/chat-photo.php?profile_id=${profileId}`, {
        method: 'POST',
        body: file,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          'content-type': file.type,
          [CLIENT_REQUEST_HEADER]: '1',
          [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey(),
        },
      });
    } catch (error) {
      throw new ApiNetworkError({ cause: error });
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    if (response.ok && json && typeof json === 'object' && 'message' in json)
      return received(json as SentMessageAnswer);
    const body =
      json && typeof json === 'object' && typeof (json as { error?: unknown }).error === 'string'
        ? (json as ApiErrorBody)
        : ({ error: 'internal', message: response.statusText } as ApiErrorBody);
    throw new ApiRequestError(response.status, body);
  });
}

/** Leaves the conversation (the screen unmounts). */
export function closeConversation(): void {
  generation += 1;
  opened = null;
  acknowledged = 0;
  $draft.set('');
  if (isBrowser()) $conversation.set({ status: 'idle' });
}
