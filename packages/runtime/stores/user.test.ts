import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../schemas/api/user.ts';
import { api, configureApi } from './api.ts';
import { $chatCounters, setChatCounters } from './chat-counters.ts';
import { setLanguage } from './language.ts';
import { $nav } from './nav.ts';
import { scriptedFetch, json } from './test-network.ts';
import { $authState, $user, loadUser, login, logout, signup } from './user.ts';

const anna: User = {
  profile: {
    id: 7,
    name: 'Anna',
    age: 34,
    country: 'NL',
    city: 'Utrecht',
    status: 'active',
    fictional: false,
    main_image: null,
  },
  email: 'anna@example.nl',
  paid_user: true,
  credits: 8,
  language: 'nl',
  status: 'active',
  notifications_disabled: [],
  signup_date: '2025-01-01T00:00:00.000Z',
  profile_missing: ['photo'],
  reached_out: false,
};

const noWait = { sleep: async () => undefined, random: () => 1 };

beforeEach(() => {
  $user.set(undefined);
  $chatCounters.set({ unreadMessages: 0, newLikes: 0 });
});

afterEach(() => {
  cleanStores($user, $authState, $nav, $chatCounters);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('$user', () => {
  it('is unknown until the server answered', () => {
    expect($authState.get()).toBe('unknown');
  });

  it('loads the member when the first island listens in the browser', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', { cookie: '' });
    configureApi({ fetch: scriptedFetch({ 'GET /api/user.php': () => json(200, { user: anna }) }).fetch, ...noWait });
    keepMount($user);
    await allTasks();
    expect($user.get()).toEqual(anna);
    expect($authState.get()).toBe('logged-in');
  });

  it('does not call the API while rendering on the server', async () => {
    const network = scriptedFetch({});
    configureApi({ fetch: network.fetch, ...noWait });
    keepMount($user);
    await allTasks();
    expect(network.calls).toHaveLength(0);
    expect($user.get()).toBeUndefined();
  });

  it('refreshes the member after 5 s and then every 60 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', { cookie: '' });
    const network = scriptedFetch({ 'GET /api/user.php': () => json(200, { user: anna }) });
    configureApi({ fetch: network.fetch, ...noWait });
    keepMount($user);
    await vi.advanceTimersByTimeAsync(0);
    expect(network.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(network.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(network.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(network.calls).toHaveLength(3);
  });

  it('treats a visitor as logged out when the server cannot be reached', async () => {
    configureApi({ fetch: scriptedFetch({}).fetch, ...noWait });
    await expect(loadUser()).rejects.toThrow();
    expect($authState.get()).toBe('logged-out');
  });
});

describe('actions', () => {
  it('logs in and out', async () => {
    const network = scriptedFetch({
      'POST /api/user.php': () => json(200, { user: anna }),
      'GET /api/logout.php': () => json(200, { user: null }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    await login({ email: 'anna@example.nl', password: 'long enough' });
    expect($user.get()).toEqual(anna);
    expect(network.calls[0]).toMatchObject({ method: 'POST', body: { email: 'anna@example.nl' } });
    await logout();
    expect($user.get()).toBeNull();
  });

  it('keeps the member logged out when a wrong password is refused', async () => {
    configureApi({
      fetch: scriptedFetch({
        'POST /api/user.php': () => json(401, { error: 'login_failed', message: 'Login failed, please try again' }),
      }).fetch,
      ...noWait,
    });
    $user.set(null);
    await expect(login({ email: 'a@b.nl', password: 'wrong' })).rejects.toMatchObject({ code: 'login_failed' });
    expect($user.get()).toBeNull();
  });

  it('logs the new member in after signing up', async () => {
    const fresh = { ...anna, status: 'not_confirmed' as const, paid_user: false, credits: 0 };
    const network = scriptedFetch({ 'POST /api/signup.php': () => json(201, { user: fresh }) });
    configureApi({ fetch: network.fetch, ...noWait });
    await signup({
      name: 'Anna',
      email: 'anna@example.nl',
      password: 'long enough',
      date_of_birth: '1990-04-01',
      accept_terms: true,
      tracking: { sub1: 'x' },
    });
    expect($user.get()).toEqual(fresh);
    expect(network.calls[0]!.body).toMatchObject({ accept_terms: true, tracking: { sub1: 'x' } });
  });

  it('does not let an older answer undo a login', async () => {
    let answerVisitor!: () => void;
    const network = scriptedFetch({
      'GET /api/user.php': () => new Promise((resolve) => (answerVisitor = () => resolve(json(200, { user: null })))),
      'POST /api/user.php': () => json(200, { user: anna }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    const loading = loadUser();
    await login({ email: 'anna@example.nl', password: 'long enough' });
    answerVisitor();
    await loading;
    expect($user.get()).toEqual(anna);
  });

  it('logs the member out when any call answers authentication_required', async () => {
    configureApi({
      fetch: scriptedFetch({
        'GET /api/chats.php': () =>
          json(403, { error: 'authentication_required', message: 'Log in', authentication_required: true }),
      }).fetch,
      ...noWait,
    });
    $user.set(anna);
    await expect(api().call('GET /api/chats.php')).rejects.toMatchObject({ status: 403 });
    expect($user.get()).toBeNull();
  });

  it('keeps the language in a cookie and saves it on the account', async () => {
    const document = { cookie: '' };
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', document);
    vi.stubGlobal('location', { protocol: 'https:', host: 'example.nl' });
    const network = scriptedFetch({
      'PUT /api/user.php': () => json(200, { user: { ...anna, language: 'de' }, language: 'de' }),
      'GET /api/user.php': () => json(200, { user: anna }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    await setLanguage('de');
    expect(document.cookie).toBe('lang=de; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(network.calls.find((c) => c.method === 'PUT')?.body).toEqual({ language: 'de' });
    expect($user.get()?.language).toBe('de');
  });

  it('switches the language even when saving it fails', async () => {
    const document = { cookie: '' };
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', document);
    vi.stubGlobal('location', { protocol: 'http:', host: 'localhost' });
    configureApi({ fetch: scriptedFetch({}).fetch, ...noWait });
    await expect(setLanguage('nl')).resolves.toBeUndefined();
    expect(document.cookie).toMatch(/^lang=nl;/);
  });
});

describe('$nav', () => {
  it('shows badges from the counters for a member', () => {
    $user.set(anna);
    setChatCounters({ unreadMessages: 120 });
    expect($nav.get()).toMatchObject({
      kind: 'member',
      messagesBadge: '99+',
      likesBadge: '',
      credits: { balance: 8, badge: 'warning' },
    });
  });
});
