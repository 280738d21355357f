import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from './api.ts';
import {
  $member,
  $memberAction,
  blockMember,
  memberIdFromPath,
  openMember,
  profileFailure,
  profileSections,
  reloadMember,
  toggleLike,
  unblockMember,
  type MemberAnswer,
  type MemberPhoto,
  type MemberProfile,
} from './member.ts';
import { json, scriptedFetch } from './test-network.ts';

const profile: MemberProfile = {
  id: 7,
  name: 'Iris',
  age: 39,
  country: 'BE',
  city: 'Leuven',
  status: 'active',
  fictional: true,
  main_image: null,
};
const relation = { liked: false, likes_you: false, match: false, blocked: false };
const photos: MemberPhoto[] = [
  { id: 1, locked: false, filename: '/media/a.webp', thumb_filename: '/media/a-t.webp' },
  { id: 2, locked: true, blurred: '/media/b-blur.webp' },
];
const answer = (overrides: Partial<MemberAnswer> = {}): MemberAnswer => ({
  profile,
  ...relation,
  photos,
  ...overrides,
});

function network(routes: Parameters<typeof scriptedFetch>[0]) {
  const scripted = scriptedFetch(routes);
  configureApi({ fetch: scripted.fetch, sleep: async () => undefined });
  return scripted;
}

/** The open member's data and its action's state. */
const ready = () => {
  const state = $member.get();
  if (state.status !== 'ready') throw new Error(`expected a ready profile, got ${state.status}`);
  return { member: state.data, ...$memberAction.get() };
};

/** What the page shows for the profile: loading, the member, or its failure. */
const shown = () => {
  const state = $member.get();
  return state.status === 'failed' ? profileFailure(state.error) : state;
};

afterEach(() => {
  cleanStores($member, $memberAction);
  $member.set({ status: 'idle' });
});

describe('memberIdFromPath', () => {
  it('reads the id of /members/{id}', () => {
    expect(memberIdFromPath('/members/17')).toBe(17);
    expect(memberIdFromPath('/members/17/')).toBe(17);
  });

  it('refuses anything that is not a member id', () => {
    for (const path of ['/members/abc', '/members/0', '/members/-3', '/members/1e3', '/members', '/members/7/chat']) {
      expect(memberIdFromPath(path), path).toBeNull();
    }
  });
});

describe('openMember', () => {
  it('loads the member and their photos in one request', async () => {
    const calls = network({ 'GET /api/member.php': () => json(200, answer()) });
    const opening = openMember(7);
    expect($member.get()).toEqual({ status: 'loading' });
    await opening;
    expect(calls.calls.map((c) => c.url)).toEqual(['/api/member.php?id=7']);
    expect(ready()).toMatchObject({ member: answer(), busy: null, notice: null, error: null });
    expect(ready().member.photos).toEqual(photos);
  });

  it('asks the server once for a gone member', async () => {
    const calls = network({
      'GET /api/member.php': () => json(404, { error: 'not_found', message: 'This page could not be found' }),
    });
    await openMember(7);
    expect(calls.calls).toHaveLength(1);
    expect(shown()).toEqual({ kind: 'not_found' });
  });

  it("shows only the server's message when the member blocked you", async () => {
    const message = "You're blocked by Iris. You do not have access to this page.";
    network({
      'GET /api/member.php': () => json(403, { error: 'blocked_by', message, name: 'Iris' }),
    });
    await openMember(7);
    expect(shown()).toEqual({ kind: 'blocked_by', message });
  });

  it('is not found for an unknown or hidden member, and for a malformed id (without asking)', async () => {
    const calls = network({
      'GET /api/member.php': () => json(404, { error: 'not_found', message: 'This page could not be found' }),
    });
    await openMember(999);
    expect(shown()).toEqual({ kind: 'not_found' });
    $member.set({ status: 'idle' });
    await openMember(null);
    expect(shown()).toEqual({ kind: 'not_found' });
    expect(calls.calls).toHaveLength(1);
  });

  it('asks a visitor to log in', async () => {
    network({
      'GET /api/member.php': () =>
        json(403, { error: 'authentication_required', message: 'Log in', authentication_required: true }),
    });
    await openMember(7);
    expect(shown()).toEqual({ kind: 'login_required' });
  });

  it('keeps any other failure for the page to show', async () => {
    network({
      'GET /api/member.php': () => json(400, { error: 'client_header_required', message: 'x' }),
    });
    await openMember(7);
    expect(shown()).toMatchObject({ kind: 'error', error: { status: 400 } });
  });

  it('tries the same member again after a failure, showing it loading meanwhile', async () => {
    let fail = true;
    const calls = network({
      'GET /api/member.php': () =>
        fail ? json(400, { error: 'client_header_required', message: 'x' }) : json(200, answer()),
    });
    await openMember(7);
    fail = false;
    const again = reloadMember();
    expect($member.get()).toEqual({ status: 'loading' });
    await again;
    expect(calls.calls.map((c) => c.url)).toEqual(['/api/member.php?id=7', '/api/member.php?id=7']);
    expect(ready().member).toEqual(answer());
  });

  it('lets no answer for a profile that was left land', async () => {
    let release!: () => void;
    let asked = 0;
    network({
      'GET /api/member.php': () =>
        ++asked === 1
          ? new Promise((resolve) => (release = () => resolve(json(200, answer()))))
          : json(200, answer({ profile: { ...profile, id: 8, name: 'Ada' } })),
    });
    const first = openMember(7);
    await openMember(8);
    release();
    await first;
    expect(ready().member.profile).toMatchObject({ id: 8, name: 'Ada' });
  });
});

describe('actions', () => {
  async function open(overrides: Partial<MemberAnswer> = {}, routes: Parameters<typeof scriptedFetch>[0] = {}) {
    const calls = network({
      'GET /api/member.php': () => json(200, answer(overrides)),
      ...routes,
    });
    await openMember(7);
    return calls;
  }

  it('likes, and reports a match when they liked you first', async () => {
    const calls = await open({ likes_you: true }, { 'POST /api/like.php': () => json(200, { match: true }) });
    const like = toggleLike();
    expect(ready().busy).toBe('like');
    expect(await like).toEqual({ match: true });
    expect(calls.calls.at(-1)).toMatchObject({ method: 'POST', body: { profile_id: 7 } });
    expect(ready()).toMatchObject({ busy: null, notice: 'match', member: { liked: true, match: true } });
  });

  it('likes without a match', async () => {
    await open({}, { 'POST /api/like.php': () => json(200, { match: false }) });
    expect(await toggleLike()).toEqual({ match: false });
    expect(ready()).toMatchObject({ notice: 'liked', member: { liked: true, match: false } });
  });

  it('takes a like back', async () => {
    const calls = await open(
      { liked: true, likes_you: true, match: true },
      {
        'DELETE /api/like.php': () => json(200, { ok: true }),
      },
    );
    expect(await toggleLike()).toEqual({ match: false });
    expect(calls.calls.at(-1)).toMatchObject({ method: 'DELETE', body: { profile_id: 7 } });
    expect(ready()).toMatchObject({ notice: 'unliked', member: { liked: false, match: false, likes_you: true } });
  });

  it('ignores a second click while the first is on its way', async () => {
    let release!: () => void;
    const calls = await open(
      {},
      {
        'POST /api/like.php': () => new Promise((resolve) => (release = () => resolve(json(200, { match: false })))),
      },
    );
    const first = toggleLike();
    expect(await toggleLike()).toBeUndefined();
    release();
    await first;
    expect(calls.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('keeps a failed action for the page to show, changing nothing', async () => {
    await open({}, { 'POST /api/like.php': () => json(422, { error: 'cannot_like_self', message: 'No' }) });
    expect(await toggleLike()).toBeUndefined();
    expect(ready()).toMatchObject({ busy: null, member: { liked: false } });
    expect(ready().error).toBeInstanceOf(Error);
  });

  it("switches to the server's message when they blocked you meanwhile", async () => {
    const message = "You're blocked by Iris. You do not have access to this page.";
    await open({}, { 'POST /api/like.php': () => json(403, { error: 'blocked_by', message }) });
    await toggleLike();
    expect(shown()).toEqual({ kind: 'blocked_by', message });
    expect($memberAction.get()).toEqual({ busy: null, error: null, notice: null });
  });

  it('blocks, which ends every like between you, and unblocks', async () => {
    const calls = await open(
      { liked: true, likes_you: true, match: true },
      {
        'POST /api/block.php': () => json(200, { ok: true }),
        'DELETE /api/block.php': () => json(200, { ok: true }),
      },
    );
    await blockMember();
    expect(calls.calls.at(-1)).toMatchObject({ method: 'POST', body: { profile_id: 7 } });
    expect(ready()).toMatchObject({
      notice: 'blocked',
      member: { blocked: true, liked: false, likes_you: false, match: false },
    });
    await unblockMember();
    expect(calls.calls.at(-1)).toMatchObject({ method: 'DELETE', body: { profile_id: 7 } });
    expect(ready()).toMatchObject({ notice: 'unblocked', member: { blocked: false, liked: false } });
  });

  it('drops the answer of an action on a profile that was left', async () => {
    let release!: () => void;
    await open(
      {},
      {
        'POST /api/like.php': () => new Promise((resolve) => (release = () => resolve(json(200, { match: true })))),
      },
    );
    const like = toggleLike();
    await openMember(8);
    release();
    await like;
    expect(ready()).toMatchObject({ notice: null, busy: null, member: { liked: false } });
  });
});

describe('profileSections', () => {
  const detailed: MemberProfile = {
    ...profile,
    relationship_status: 'single',
    body_type: null,
    about: '  Loves long walks.  ',
    interests: [1, 5],
    region: 'BE-VBR',
  };

  it("shows the brand's fields in its order, facts grouped, empty ones left out", () => {
    expect(
      profileSections(detailed, ['age', 'city', 'relationship_status', 'body_type', 'about', 'region', 'interests']),
    ).toEqual([
      {
        kind: 'facts',
        facts: [
          { field: 'age', value: 39 },
          { field: 'city', value: 'Leuven' },
          { field: 'relationship_status', value: 'single' },
        ],
      },
      { kind: 'about', text: 'Loves long walks.' },
      { kind: 'facts', facts: [{ field: 'region', value: 'BE-VBR' }] },
      { kind: 'interests', ids: [1, 5] },
    ]);
  });

  it('leaves out what the answer does not carry', () => {
    expect(profileSections(profile, ['about', 'interests', 'gender', 'country'])).toEqual([
      { kind: 'facts', facts: [{ field: 'country', value: 'BE' }] },
    ]);
  });

  it('shows nothing the brand does not list', () => {
    expect(profileSections(detailed, [])).toEqual([]);
  });
});
