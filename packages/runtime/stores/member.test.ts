import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from './api.ts';
import {
  $member,
  blockMember,
  galleryPhotos,
  memberIdFromPath,
  openMember,
  profileSections,
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

const ready = () => {
  const state = $member.get();
  if (state.status !== 'ready') throw new Error(`expected a ready profile, got ${state.status}`);
  return state;
};

afterEach(() => {
  cleanStores($member);
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
    await openMember(7);
    expect(calls.calls.map((c) => c.url)).toEqual(['/api/member.php?id=7']);
    expect(ready()).toMatchObject({ id: 7, member: answer(), photos: { status: 'ready', photos } });
  });

  it('asks the server once for a gone member', async () => {
    const calls = network({
      'GET /api/member.php': () => json(404, { error: 'not_found', message: 'This page could not be found' }),
    });
    await openMember(7);
    expect(calls.calls).toHaveLength(1);
    expect($member.get()).toEqual({ status: 'not_found' });
  });

  it("shows only the server's message when the member blocked you", async () => {
    const message = "You're blocked by Iris. You do not have access to this page.";
    network({
      'GET /api/member.php': () => json(403, { error: 'blocked_by', message, name: 'Iris' }),
    });
    await openMember(7);
    expect($member.get()).toEqual({ status: 'blocked_by', message });
  });

  it('is not found for an unknown or hidden member, and for a malformed id', async () => {
    network({
      'GET /api/member.php': () => json(404, { error: 'not_found', message: 'This page could not be found' }),
    });
    await openMember(999);
    expect($member.get()).toEqual({ status: 'not_found' });
    $member.set({ status: 'idle' });
    await openMember(null);
    expect($member.get()).toEqual({ status: 'not_found' });
  });

  it('asks a visitor to log in', async () => {
    network({
      'GET /api/member.php': () =>
        json(403, { error: 'authentication_required', message: 'Log in', authentication_required: true }),
    });
    await openMember(7);
    expect($member.get()).toEqual({ status: 'login_required' });
  });

  it('keeps any other failure for the page to show', async () => {
    network({
      'GET /api/member.php': () => json(400, { error: 'client_header_required', message: 'x' }),
    });
    await openMember(7);
    expect($member.get()).toMatchObject({ status: 'failed', id: 7 });
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
    expect($member.get()).toEqual({ status: 'blocked_by', message });
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
    expect(ready()).toMatchObject({ id: 8, notice: null, member: { liked: false } });
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

describe('galleryPhotos', () => {
  const main = {
    filename: '/m/a.webp',
    thumb_filename: '/m/a-t.webp',
    match: '/m/a-m.webp',
    status: 'active' as const,
  };

  it('shows the loaded photos, locked ones included', () => {
    expect(galleryPhotos({ status: 'ready', photos }, main)).toEqual(photos);
  });

  it('shows the main image until the photos arrive, or when they fail', () => {
    const fallback = [{ id: 0, locked: false, filename: '/m/a.webp', thumb_filename: '/m/a-t.webp' }];
    expect(galleryPhotos({ status: 'loading' }, main)).toEqual(fallback);
    expect(galleryPhotos({ status: 'failed' }, main)).toEqual(fallback);
  });

  it('marks a photo still being checked (only its owner ever gets one), and shows nothing without a photo', () => {
    expect(galleryPhotos({ status: 'loading' }, { ...main, status: 'inspection' })).toEqual([
      { id: 0, locked: false, filename: '/m/a.webp', thumb_filename: '/m/a-t.webp', pending: true },
    ]);
    expect(galleryPhotos({ status: 'failed' }, null)).toEqual([]);
  });
});
