import { atom, onMount } from 'nanostores';
import { refreshDelay } from '../rules/refresh.ts';
import { isPushSubscribed } from './push.ts';
import { badgeCount, titleWithBadge } from '../rules/title-badge.ts';
import { LIVE_EVENT_TYPES } from '../data/live-events.ts';
import { CLOSED, type EventSourceLike } from '../live/protocol.ts';
import { openEventStream, type StreamRequest } from '../live/shared-source.ts';
import type { LiveEvent } from '../schemas/api/events.ts';
import { isBrowser } from './api.ts';
import { $chatCounters } from './chat-counters.ts';
import { dropChat, loadChats, markChatRead, receiveChatMessage, refreshChats } from './chats.ts';
import { refreshLikes } from './likes.ts';
import { $user, loadUser, receiveUser } from './user.ts';

export type { LiveEvent };

let createSource: (request: StreamRequest) => EventSourceLike = (request) =>
  openEventStream(request, (url) => new EventSource(url) as unknown as EventSourceLike);

/** Replaces how the stream is opened (tests). */
export function configureLiveEvents(options: { createSource: (request: StreamRequest) => EventSourceLike }): void {
  createSource = options.createSource;
}

/**
 * The live connection for a logged-in member: `idle` for visitors, `connecting`, `open`, or `down`
 * while the stream is broken (the browser retries by itself; meanwhile the chat list is refreshed on
 * the spec's timer: first after 5 s, then every 60 s).
 */
export const $live = atom<'idle' | 'connecting' | 'open' | 'down'>('idle');

const listeners = new Set<(event: LiveEvent) => void>();

/** Lets a screen follow the events (the open conversation appends its new messages); answers the unsubscribe. */
export function onLiveEvent(listener: (event: LiveEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What every event changes in the shared stores, from the event itself: a message, a read or a
 * deletion changes the chat list in place (a request only for a conversation the list lacks), likes
 * are loaded once; `reset` (the tab missed more than the server keeps) reloads the member's state.
 * Exported for the tests.
 */
export function handleLiveEvent(event: LiveEvent): void {
  switch (event.type) {
    case 'message':
      receiveChatMessage(event.message);
      break;
    case 'read':
      markChatRead(event.conversation_id);
      break;
    case 'chat-deleted':
      dropChat(event.conversation_id);
      break;
    case 'reset':
      void refreshChats().catch(() => undefined);
      void refreshLikes().catch(() => undefined);
      void loadUser().catch(() => undefined);
      break;
    case 'credits': {
      const user = $user.value;
      if (user) receiveUser({ ...user, credits: event.credits, paid_user: event.paid_user ?? user.paid_user });
      break;
    }
    case 'like':
    case 'match':
      // The match modal follows matches itself (match-modal.ts `followLiveMatches`).
      void refreshLikes().catch(() => undefined);
      break;
  }
  for (const listener of listeners) listener(event);
}

onMount($live, () => {
  if (!isBrowser()) return;
  let memberId: number | null | undefined;
  let source: EventSourceLike | undefined;
  // The id of the last event received: a new EventSource resumes after it.
  let lastEventId: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshes = 0;
  // The member whose session the server ended: their tab opens no stream again (no reconnect loop).
  let endedFor: number | null | undefined;

  const stopFallback = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const startFallback = () => {
    if (timer !== undefined) return;
    refreshes = 0;
    const schedule = () => {
      timer = setTimeout(
        () => {
          refreshes += 1;
          // The browser gave up on the stream (e.g. a proxy answered 502 during a restart): try anew.
          if (!source && memberId && memberId !== endedFor) open(memberId);
          void loadChats()
            .catch(() => undefined)
            .then(() => {
              if (timer !== undefined) schedule();
            });
        },
        refreshDelay(refreshes, isPushSubscribed()),
      );
    };
    schedule();
  };
  const close = () => {
    source?.close();
    source = undefined;
    stopFallback();
  };
  const open = (member: number) => {
    $live.set('connecting');
    const current = createSource({ member, lastEventId });
    source = current;
    current.onopen = () => {
      if (source !== current) return;
      $live.set('open');
      stopFallback();
    };
    current.onerror = () => {
      if (source !== current) return;
      $live.set('down');
      startFallback();
      // A closed stream is not retried by the browser: try again once the member is known to be logged in.
      if (current.readyState === CLOSED) source = undefined;
    };
    for (const type of LIVE_EVENT_TYPES) {
      current.addEventListener(type, (event) => {
        if (source !== current) return;
        if (event.lastEventId) lastEventId = event.lastEventId;
        if (type === 'reconnect') {
          // This server is going away: a new stream (to another instance) resumes after the last id.
          current.close();
          open(member);
          return;
        }
        if (type === 'session-ended') {
          // Banned or suspended: no new stream for this member; asking who is logged in answers with
          // the sanction, which takes the tab to /pages/ban (or logs it out).
          endedFor = memberId;
          close();
          $live.set('idle');
          void loadUser().catch(() => undefined);
          for (const listener of listeners) listener({ type: 'session-ended' });
          return;
        }
        let parsed: LiveEvent;
        try {
          parsed = { ...(JSON.parse(event.data) as object), type } as LiveEvent;
        } catch {
          return; // A malformed event is dropped; the next refresh brings the state anyway.
        }
        handleLiveEvent(parsed);
      });
    }
    // Another tab logged in as someone else (the stream is shared, live/shared-source.ts): this tab asks
    // who is logged in now and opens the stream for them.
    current.addEventListener('replaced', () => {
      if (source !== current) return;
      source = undefined;
      $live.set('down');
      startFallback();
      void loadUser().catch(() => undefined);
    });
  };

  const unbind = $user.subscribe((user) => {
    const id = user === undefined ? undefined : (user?.profile.id ?? null);
    if (id === memberId && (source || !id || id === endedFor)) return;
    if (id !== memberId) lastEventId = undefined;
    // Logged out: a later login, even by the same member, may open a stream again.
    if (id === null) endedFor = undefined;
    memberId = id;
    close();
    if (!id || id === endedFor) {
      $live.set('idle');
      return;
    }
    open(id);
  });
  return () => {
    unbind();
    close();
    $live.set('idle');
  };
});

/**
 * Keeps the stream open and the page title's "(n) " prefix plus the installed-app badge in step with
 * the unread messages and new likes (spec §4). Runs once per page, for visitors too: the stream and
 * the counters only do something for a logged-in member.
 */
export function startLiveEvents(): () => void {
  const unbindLive = $live.listen(() => undefined);
  const unbindTitle = $chatCounters.subscribe((counters) => {
    const count = badgeCount(counters);
    const title = titleWithBadge(document.title, count);
    if (title !== document.title) document.title = title;
    const nav = navigator as Navigator & { setAppBadge?: (n: number) => Promise<void> };
    // Browsers without the Badging API, or a refusal outside an installed app, are fine (spec §4).
    try {
      void nav.setAppBadge?.(count).catch(() => undefined);
    } catch {
      // ignored on purpose
    }
  });
  return () => {
    unbindLive();
    unbindTitle();
  };
}
