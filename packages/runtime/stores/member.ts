import { atom, task } from 'nanostores';
import { ApiRequestError } from '../api/client.ts';
import type { PROFILE_FIELDS } from '../schemas/brand/profiles.ts';
import type { ApiAnswer } from '../api/contract.ts';
import type { MemberPhoto, MemberProfile } from '../schemas/api/members.ts';
import type { Profile } from '../schemas/api/user.ts';
import { ROUTES } from '../routes.ts';
import { routeParams } from '../rules/route-params.ts';
import { api } from './api.ts';

export type { MemberPhoto, MemberProfile, Relation } from '../schemas/api/members.ts';

/**
 * What `GET /api/member.php` answers: the profile, its photos, and you and this member. The one name
 * of this answer, in stores and islands alike.
 */
export type MemberAnswer = ApiAnswer<'GET /api/member.php'>;

export type PhotosState = { status: 'loading' } | { status: 'ready'; photos: MemberPhoto[] } | { status: 'failed' };

export type MemberAction = 'like' | 'block';

export type MemberState =
  /** Before the page read the id from its URL (also the prerendered shell). */
  | { status: 'idle' }
  | { status: 'loading'; id: number }
  | {
      status: 'ready';
      id: number;
      member: MemberAnswer;
      photos: PhotosState;
      /** The action on its way; its button is disabled meanwhile. */
      busy: MemberAction | null;
      /** Why the last action failed, until the next one. */
      error: unknown;
      /** What the last action achieved, for a short notice. */
      notice: 'liked' | 'unliked' | 'match' | 'blocked' | 'unblocked' | null;
    }
  /** Spec §6/§8: this member blocked you; the server's message is all the page shows. */
  | { status: 'blocked_by'; message: string }
  | { status: 'not_found' }
  | { status: 'login_required' }
  | { status: 'failed'; id: number; error: unknown };

/** The profile page's member (`/members/{id}`). */
export const $member = atom<MemberState>({ status: 'idle' });

const MEMBER_PATH = ROUTES.find((route) => route.name === 'members-id')!.path;

/** The member id of a profile URL, `/members/17` → 17; null for anything else (`/members/abc`, `/members/0`). */
export function memberIdFromPath(pathname: string): number | null {
  const id = routeParams(MEMBER_PATH, pathname)?.id;
  return id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

function isCode(error: unknown, status: number, code?: string): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status === status && (code === undefined || error.code === code);
}

/** The state a failed profile request leads to: the spec's blocked message, not found, log in, or an error. */
function failedState(id: number, error: unknown): MemberState {
  if (isCode(error, 403, 'blocked_by')) return { status: 'blocked_by', message: error.body.message };
  if (error instanceof ApiRequestError && error.status === 403 && error.body.authentication_required) {
    return { status: 'login_required' };
  }
  if (isCode(error, 404) || isCode(error, 422)) return { status: 'not_found' };
  return { status: 'failed', id, error };
}

let sequence = 0;

/**
 * Opens a profile: the member and their photos, in one request (a gone member is one 404). Asking the
 * server for the member also clears the new flag of their like (spec §4), so nothing else is needed for that.
 */
export function openMember(id: number | null): Promise<void> {
  const mine = ++sequence;
  if (id === null) {
    $member.set({ status: 'not_found' });
    return Promise.resolve();
  }
  $member.set({ status: 'loading', id });
  return task(async () => {
    let member: MemberAnswer;
    try {
      member = await api().call('GET /api/member.php', { query: { id } });
    } catch (error) {
      if (mine === sequence) $member.set(failedState(id, error));
      return;
    }
    if (mine !== sequence) return;
    const photos: PhotosState = { status: 'ready', photos: member.photos };
    $member.set({ status: 'ready', id, member, photos, busy: null, error: null, notice: null });
  });
}

type Ready = Extract<MemberState, { status: 'ready' }>;

function update(change: (state: Ready) => MemberState, mine = sequence): void {
  const state = $member.value;
  if (mine === sequence && state?.status === 'ready') $member.set(change(state));
}

/** Runs an action of the open profile: one at a time, the button disabled meanwhile, failures kept for the page. */
async function act<T>(action: MemberAction, run: (id: number) => Promise<T>, done: (state: Ready, result: T) => Ready) {
  const state = $member.value;
  if (state?.status !== 'ready' || state.busy) return undefined;
  const mine = sequence;
  $member.set({ ...state, busy: action, error: null, notice: null });
  try {
    const result = await task(() => run(state.id));
    update((current) => done({ ...current, busy: null }, result), mine);
    return result;
  } catch (error) {
    // They blocked you meanwhile: the page now shows only the server's message (spec §6).
    if (isCode(error, 403, 'blocked_by')) {
      if (mine === sequence) $member.set({ status: 'blocked_by', message: error.body.message });
    } else {
      update((current) => ({ ...current, busy: null, error }), mine);
    }
    return undefined;
  }
}

/**
 * Likes the member, or takes the like back. Answers whether the like made a match (they liked you
 * first), so the page can show it; undefined when nothing changed.
 */
export async function toggleLike(): Promise<{ match: boolean } | undefined> {
  const state = $member.value;
  if (state?.status !== 'ready') return undefined;
  const body = { profile_id: state.id };
  if (state.member.liked) {
    const result = await act(
      'like',
      () => api().call('DELETE /api/like.php', { body }),
      (s) => ({ ...s, member: { ...s.member, liked: false, match: false }, notice: 'unliked' }),
    );
    return result === undefined ? undefined : { match: false };
  }
  return act(
    'like',
    () => api().call('POST /api/like.php', { body }),
    (s, { match }) => ({
      ...s,
      member: { ...s.member, liked: true, match, likes_you: s.member.likes_you || match },
      notice: match ? 'match' : 'liked',
    }),
  );
}

/** Blocks the member (spec §6): the server deletes the likes between you, so the relation starts over. */
export async function blockMember(): Promise<void> {
  await act(
    'block',
    (id) => api().call('POST /api/block.php', { body: { profile_id: id } }),
    (s) => ({
      ...s,
      member: { ...s.member, blocked: true, liked: false, likes_you: false, match: false },
      notice: 'blocked',
    }),
  );
}

export async function unblockMember(): Promise<void> {
  await act(
    'block',
    (id) => api().call('DELETE /api/block.php', { body: { profile_id: id } }),
    (s) => ({ ...s, member: { ...s.member, blocked: false }, notice: 'unblocked' }),
  );
}

export function dismissNotice(): void {
  update((state) => ({ ...state, notice: null }));
}

export type ProfileField = (typeof PROFILE_FIELDS)[number];
type FactField = Exclude<ProfileField, 'about' | 'interests'>;

export interface Fact {
  field: FactField;
  /** The age as a number, a choice as its stored value (`single`), a place as its name or code. */
  value: string | number;
}

/** A block of the profile page: short facts go together in one list; about and interests stand alone. */
export type ProfileSection =
  { kind: 'facts'; facts: Fact[] } | { kind: 'about'; text: string } | { kind: 'interests'; ids: number[] };

/**
 * The profile as the brand shows it: the `visible_profile_fields` the answer has a value for, in the
 * brand's order, consecutive facts grouped into one list.
 */
export function profileSections(profile: MemberProfile, fields: readonly ProfileField[]): ProfileSection[] {
  const sections: ProfileSection[] = [];
  for (const field of fields) {
    if (field === 'about') {
      const text = profile.about?.trim();
      if (text) sections.push({ kind: 'about', text });
      continue;
    }
    if (field === 'interests') {
      if (profile.interests?.length) sections.push({ kind: 'interests', ids: profile.interests });
      continue;
    }
    const value = profile[field];
    if (value === null || value === undefined || value === '') continue;
    const last = sections.at(-1);
    if (last?.kind === 'facts') last.facts.push({ field, value });
    else sections.push({ kind: 'facts', facts: [{ field, value }] });
  }
  return sections;
}

/**
 * The photos the gallery shows: the member's checked photos once they arrived; until then (or when
 * they could not be loaded) the main image the profile carries, so the page never sits empty.
 */
export function galleryPhotos(photos: PhotosState, mainImage: Profile['main_image']): MemberPhoto[] {
  if (photos.status === 'ready') return photos.photos;
  if (!mainImage) return [];
  // A main photo awaiting its check reaches only its owner: on her own page it shows, marked.
  const pending = mainImage.status === 'active' ? {} : { pending: true as const };
  return [{ id: 0, locked: false, filename: mainImage.filename, thumb_filename: mainImage.thumb_filename, ...pending }];
}
