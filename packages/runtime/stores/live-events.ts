import { atom, onMount } from 'nanostores';
import { refreshDelay } from '../rules/refresh.ts';
import { badgeCount, titleWithBadge } from '../rules/title-badge.ts';
import type { Message } from '../schemas/api/chat.ts';
import { isBrowser } from './api.ts';
import { $chatCounters } from './chat-counters.ts';
import { loadChats } from './chats.ts';
import { loadLikes } from './likes.ts';
import { $user, receiveUser } from './user.ts';

/** What GET /api/events sends (issue 5); the event name repeats `type`. */
export type LiveEvent =
  | { type: 'message'; conversation_id: number; message: Message }
  | { type: 'like'; profile_id: number }
  | { type: 'match'; profile_id: number }
  | { type: 'credits'; credits: number; paid_user?: true }
  | { type: 'read'; conversation_id: number }
  | { type: 'chat-deleted'; conversation_id: number };

const EVENT_TYPES = ['message', 'like', 'match', 'credits', 'read', 'chat-deleted'] as const;

/** The window event a match dispatches, so the match modal can open wherever the member is. */
export const MATCH_EVENT = 'datekit:match';

/** The part of EventSource the store uses, so tests can hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** EventSource.CLOSED: the browser gave up reconnecting (e.g. the session ended). */
const CLOSED = 2;

let createSource: (url: string) => EventSourceLike = (url) => new EventSource(url) as unknown as EventSourceLike;

/** Replaces the EventSource constructor (tests). */
export function configureLiveEvents(options: { createSource: (url: string) => EventSourceLike }): void {
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

/** What every event changes in the shared stores; exported for the tests. */
export function handleLiveEvent(event: LiveEvent): void {
  switch (event.type) {
    case 'message':
    case 'read':
    case 'chat-deleted':
      void loadChats().catch(() => undefined);
      break;
    case 'credits': {
      const user = $user.value;
      if (user) receiveUser({ ...user, credits: event.credits, paid_user: event.paid_user ?? user.paid_user });
      break;
    }
    case 'like':
    case 'match':
      void loadLikes().catch(() => undefined);
      if (event.type === 'match' && isBrowser()) {
        window.dispatchEvent(new CustomEvent(MATCH_EVENT, { detail: { profile_id: event.profile_id } }));
      }
      break;
  }
  for (const listener of listeners) listener(event);
}

onMount($live, () => {
  if (!isBrowser()) return;
  let memberId: number | null | undefined;
  let source: EventSourceLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshes = 0;

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
          void loadChats()
            .catch(() => undefined)
            .then(() => {
              if (timer !== undefined) schedule();
            });
        },
        refreshDelay(refreshes, false),
      );
    };
    schedule();
  };
  const close = () => {
    source?.close();
    source = undefined;
    stopFallback();
  };
  const open = () => {
    $live.set('connecting');
    const current = createSource('/api/events');
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
    for (const type of EVENT_TYPES) {
      current.addEventListener(type, (event) => {
        if (source !== current) return;
        try {
          handleLiveEvent({ ...(JSON.parse(event.data) as object), type } as LiveEvent);
        } catch {
          // A malformed event is dropped; the next refresh brings the state anyway.
        }
      });
    }
  };

  const unbind = $user.subscribe((user) => {
    const id = user === undefined ? undefined : (user?.profile.id ?? null);
    if (id === memberId && (source || !id)) return;
    memberId = id;
    close();
    if (!id) {
      $live.set('idle');
      return;
    }
    open();
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
