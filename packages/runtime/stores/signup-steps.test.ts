import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../schemas/api/user.ts';
import { configureApi } from './api.ts';
import { $ownProfile } from './profile.ts';
import {
  $activationMail,
  $signupMatches,
  createCompleteSignup,
  createSignupFlow,
  sendActivationMail,
} from './signup-steps.ts';
import { json } from './test-network.ts';
import { $user } from './user.ts';

const user: User = {
  profile: {
    id: 9,
    name: 'Sanne',
    age: 30,
    country: 'NL',
    city: null,
    status: 'disabled',
    fictional: false,
    main_image: null,
  },
  email: 'sanne@example.nl',
  paid_user: false,
  credits: 0,
  language: 'en',
  status: 'not_confirmed',
  notifications_disabled: [],
  signup_date: '2026-01-01T00:00:00.000Z',
  profile_missing: ['photo', 'about', 'location'],
  reached_out: false,
};

const ownProfile = { id: 9, name: 'Sanne', missing: [] };

const account = {
  email: 'sanne@example.nl',
  name: 'Sanne',
  password: 'a long secret',
  date_of_birth: '1995-03-04',
  gender: 'female' as const,
  accept_terms: true,
};

type Call = { method: string; url: string; body: unknown; contentType: string | null };

/** A fake network for every request of the flow, raw uploads included (they use the global fetch). */
function network(answers: Record<string, () => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const contentType = headers['content-type'] ?? null;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof Blob ? 'blob' : undefined;
    calls.push({ method, url: String(input), body, contentType });
    const answer = answers[`${method} ${String(input).split('?')[0]}`];
    if (!answer) throw new TypeError(`no answer for ${method} ${String(input)}`);
    return answer();
  });
  configureApi({ sleep: async () => undefined, random: () => 1 });
  return calls;
}

beforeEach(() => {
  $user.set(null);
  $activationMail.set({ status: 'idle' });
});

afterEach(() => {
  cleanStores($user, $ownProfile, $signupMatches);
  vi.unstubAllGlobals();
});

describe('createSignupFlow', () => {
  it('walks the steps, skipping clears what a step held', () => {
    const flow = createSignupFlow();
    flow.setMessage('Hi!');
    flow.skip();
    expect(flow.$flow.get()).toMatchObject({ step: 'photo', message: '' });
    flow.setPhoto(new Blob(['x'], { type: 'image/jpeg' }));
    flow.next();
    expect(flow.$flow.get().step).toBe('about');
    flow.back();
    expect(flow.$flow.get().photo).not.toBeNull();
    flow.skip();
    expect(flow.$flow.get()).toMatchObject({ step: 'about', photo: null });
    flow.setAbout('Walks');
    flow.toggleInterest(4);
    flow.skip();
    expect(flow.$flow.get()).toMatchObject({ step: 'personal', about: '', interests: [] });
    flow.skip();
    expect(flow.$flow.get().step).toBe('personal');
  });

  it('creates the account with the first message, then uploads the photo and saves the profile', async () => {
    const calls = network({
      'POST /api/signup.php': () => json(201, { user }),
      'POST /api/photos.php': () => json(201, { photo: { id: 1 } }),
      'PUT /api/profile.php': () => json(200, { profile: ownProfile }),
      'GET /api/user.php': () => json(200, { user }),
    });
    const pending: boolean[] = [];
    const flow = createSignupFlow({ onPendingChange: (p) => pending.push(p) });
    flow.setMessage('  Hello there  ');
    flow.next();
    flow.setPhoto(new Blob(['jpeg'], { type: 'image/jpeg' }));
    flow.next();
    flow.setAbout('Sunsets');
    flow.toggleInterest(2);
    flow.next();

    await flow.createAccount(account, { sexuality: 'hetero', body_type: '' });
    await allTasks();

    const signup = calls.find((c) => c.url === '/api/signup.php')!;
    expect(signup.body).toEqual({ ...account, signup_message: 'Hello there', form_ms: expect.any(Number) });
    const upload = calls.find((c) => c.url === '/api/photos.php')!;
    expect(upload).toMatchObject({ method: 'POST', body: 'blob', contentType: 'image/jpeg' });
    expect(calls.find((c) => c.url === '/api/profile.php')!.body).toEqual({
      about: 'Sunsets',
      interests: [2],
      sexuality: 'hetero',
    });
    expect(calls.map((c) => c.url).indexOf('/api/signup.php')).toBe(0);
    expect(flow.$flow.get()).toMatchObject({ step: 'location', email: account.email, pending: false });
    expect($user.get()).toEqual(user);
    expect(pending).toEqual([true, false]);
  });

  it('keeps going when the photo is refused after the account exists, and says so', async () => {
    network({
      'POST /api/signup.php': () => json(201, { user }),
      'POST /api/photos.php': () => json(422, { error: 'invalid_image', message: 'Not an image' }),
      'GET /api/user.php': () => json(200, { user }),
    });
    const flow = createSignupFlow();
    flow.setPhoto(new Blob(['nope'], { type: 'image/png' }));
    await flow.createAccount(account, {});
    expect(flow.$flow.get()).toMatchObject({ step: 'location', photoError: { code: 'invalid_image' } });
  });

  it('stays on the form when the account cannot be created', async () => {
    network({
      'POST /api/signup.php': () => json(409, { error: 'email_taken', message: 'Taken' }),
    });
    const pending: boolean[] = [];
    const flow = createSignupFlow({ onPendingChange: (p) => pending.push(p) });
    flow.next();
    flow.next();
    flow.next();
    await expect(flow.createAccount(account, {})).rejects.toMatchObject({ code: 'email_taken' });
    expect(flow.$flow.get()).toMatchObject({ step: 'personal', email: null, pending: false });
    expect(pending).toEqual([true, false]);
  });

  it('saves the location and ends on the confirm step', async () => {
    const calls = network({ 'PUT /api/profile.php': () => json(200, { profile: ownProfile }) });
    const flow = createSignupFlow();
    await flow.saveLocation({ country: 'BE', region: 'BE-VOV', city: 'Gent' });
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { country: 'BE', region: 'BE-VOV', city: 'Gent' } });
    expect(flow.$flow.get().step).toBe('confirm');
  });

  it('learns the name and card of the member the first message is for, also as a visitor', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const card = { id: 12, name: 'Iris', age: 34, city: 'Gent', main_image: null };
    const calls = network({ 'GET /api/member-preview.php': () => json(200, { profile: card }) });
    const flow = createSignupFlow({ memberId: 12 });
    keepMount(flow.$flow);
    await vi.waitFor(() => expect(flow.$flow.get().memberName).toBe('Iris'));
    expect(flow.$flow.get().member).toMatchObject({ name: 'Iris', age: 34 });
    expect(calls[0]!.url).toBe('/api/member-preview.php?id=12');
    cleanStores(flow.$flow);
  });
});

describe('sendActivationMail', () => {
  it('reports the mail as sent', async () => {
    network({ 'POST /api/activation-mail.php': () => json(200, { sent: true }) });
    await sendActivationMail();
    expect($activationMail.get()).toEqual({ status: 'sent' });
  });

  it('keeps the server’s refusal for the message, and is not retried', async () => {
    const calls = network({
      'POST /api/activation-mail.php': () => json(429, { error: 'rate_limited', message: 'Too many' }),
    });
    await sendActivationMail();
    expect($activationMail.get()).toMatchObject({ status: 'failed', error: { code: 'rate_limited' } });
    expect(calls).toHaveLength(1);
  });
});

describe('$signupMatches', () => {
  it('loads the first search page with its defaults', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const calls = network({
      'GET /api/members.php': () => json(200, { profiles: [user.profile], similar: [], total: 1 }),
    });
    keepMount($signupMatches);
    await vi.waitFor(() => expect($signupMatches.get().status).toBe('ready'));
    expect(calls[0]!.url).toBe('/api/members.php');
  });
});

describe('createCompleteSignup', () => {
  it('walks only the missing steps in signup order, saving each', async () => {
    const calls = network({
      'POST /api/photos.php': () => json(201, { photo: { id: 1 } }),
      'PUT /api/profile.php': () => json(200, { profile: ownProfile }),
      'GET /api/user.php': () => json(200, { user }),
    });
    const complete = createCompleteSignup(['location', 'photo', 'about']);
    expect(complete.$complete.get()).toMatchObject({ steps: ['photo', 'about', 'location'], index: 0 });
    await complete.savePhoto(new Blob(['x'], { type: 'image/jpeg' }));
    expect(complete.$complete.get().index).toBe(1);
    complete.skip();
    await complete.saveFields({ country: 'NL', region: null, city: 'Utrecht' });
    expect(complete.$complete.get()).toMatchObject({ index: 3, pending: false, error: null });
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/photos.php'],
      ['PUT', '/api/profile.php'],
    ]);
  });

  it('stays on a step the server refused, with its error', async () => {
    network({
      'POST /api/photos.php': () => json(422, { error: 'photo_limit', message: 'At most 3 photos.' }),
    });
    const complete = createCompleteSignup(['photo']);
    await complete.savePhoto(new Blob(['x'], { type: 'image/jpeg' }));
    expect(complete.$complete.get()).toMatchObject({ index: 0, pending: false, error: { code: 'photo_limit' } });
  });
});
