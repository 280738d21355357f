import { atom, onMount, task } from 'nanostores';
import { ApiRequestError, isLoginRequired } from '../api/client.ts';
import type { PROFILE_FIELDS } from '../schemas/brand/profiles.ts';
import type { ApiAnswer } from '../api/contract.ts';
import type { MemberProfile } from '../schemas/api/members.ts';
import { ROUTES } from '../routes.ts';
import { routeParams } from '../rules/route-params.ts';
import { api, isBrowser } from './api.ts';
import { createLoader, type Loadable } from './loadable.ts';

export type { MemberPhoto, MemberProfile, Relation } from '../schemas/api/members.ts';

/**
 * What `GET /api/member.php` answers: the profile, its photos, and you and this member. The one name
 * of this answer, in stores and islands alike.
 */
export type MemberAnswer = ApiAnswer<'GET /api/member.php'>;

export type MemberAction = 'like' | 'block';

/**
 * The profile page's member (`/members/{id}`): idle before the page read the id from its URL (also the
 * prerendered shell). A failed load is one of `profileFailure`'s: the member blocked you, not found,
 * log in, or an error.
 */
export type MemberState = Loadable<MemberAnswer>;

/** The like or block on its way and what the last one did, apart from the member it changes. */
export interface MemberActionState {
  /** The action on its way; its button is disabled meanwhile. */
  busy: MemberAction | null;
  /** Why the last action failed, until the next one. */
  error: unknown;
  /** What the last action achieved, for a short notice. */
  notice: 'liked' | 'unliked' | 'match' | 'blocked' | 'unblocked' | null;
}

const NO_ACTION: MemberActionState = { busy: null, error: null, notice: null };

export const $member = atom<MemberState>({ status: 'idle' });
export const $memberAction = atom<MemberActionState>(NO_ACTION);

const MEMBER_PATH = ROUTES.find((route) => route.name === 'members-id')!.path;

/** The member id of a profile URL, `/members/17` → 17; null for anything else (`/members/abc`, `/members/0`). */
export function memberIdFromPath(pathname: string): number | null {
  const id = routeParams(MEMBER_PATH, pathname)?.id;
  return id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

function isBlockedBy(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status === 403 && error.code === 'blocked_by';
}

/** What the page shows for a failed profile: the spec's blocked message, not found, log in, or an error. */
export type ProfileFailure =
  /** Spec §6/§8: this member blocked you; the server's message is all the page shows. */
  | { kind: 'blocked_by'; message: string }
  | { kind: 'not_found' }
  | { kind: 'login_required' }
  | { kind: 'error'; error: unknown };

export function profileFailure(error: unknown): ProfileFailure {
  if (isBlockedBy(error)) return { kind: 'blocked_by', message: error.body.message };
  if (isLoginRequired(error)) return { kind: 'login_required' };
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 422)) return { kind: 'not_found' };
  return { kind: 'error', error };
}

let openedId: number | null = null;

const memberLoader = createLoader($member, () =>
  openedId === null
    ? Promise.reject(new ApiRequestError(404, { error: 'not_found', message: 'No member id in this address' }))
    : api().call('GET /api/member.php', { query: { id: openedId } }),
);

// The page's member, from its URL, once the profile island listens (unless the page opened one already).
onMount($member, () => {
  if (isBrowser() && $member.value.status === 'idle') void openMember(memberIdFromPath(location.pathname));
});

/**
 * Opens a profile: the member and their photos, in one request (a gone member is one 404; a malformed
 * id asks nothing). Asking the server for the member also clears the new flag of their like (spec §4),
 * so nothing else is needed for that. The profile shown before goes at once, with its action's state.
 */
export function openMember(id: number | null): Promise<void> {
  openedId = id;
  $memberAction.set(NO_ACTION);
  memberLoader.reset({ status: 'loading' });
  return memberLoader.refresh().then(
    () => undefined,
    () => undefined,
  );
}

/** The open profile again, after a failure. */
export function reloadMember(): Promise<void> {
  return openMember(openedId);
}

/**
 * Runs an action of the open profile: one at a time, the button disabled meanwhile, failures kept for
 * the page. Its answer lands only on the profile it was started on (opening another resets the action).
 */
async function act<T>(
  action: MemberAction,
  run: (id: number) => Promise<T>,
  done: (member: MemberAnswer, result: T) => MemberAnswer,
  notice: (result: T) => MemberActionState['notice'],
) {
  const state = $member.value;
  if (state.status !== 'ready' || $memberAction.value.busy) return undefined;
  const busy: MemberActionState = { busy: action, error: null, notice: null };
  $memberAction.set(busy);
  const current = () => $memberAction.value === busy;
  try {
    const result = await task(() => run(state.data.profile.id));
    const shown = $member.value;
    if (current() && shown.status === 'ready') {
      $member.set({ status: 'ready', data: done(shown.data, result) });
      $memberAction.set({ ...NO_ACTION, notice: notice(result) });
    }
    return result;
  } catch (error) {
    if (!current()) return undefined;
    // They blocked you meanwhile: the page now shows only the server's message (spec §6).
    if (isBlockedBy(error)) memberLoader.reset({ status: 'failed', error });
    $memberAction.set({ ...NO_ACTION, error: isBlockedBy(error) ? null : error });
    return undefined;
  }
}

/**
 * Likes the member, or takes the like back. Answers whether the like made a match (they liked you
 * first), so the page can show it; undefined when nothing changed.
 */
export async function toggleLike(): Promise<{ match: boolean } | undefined> {
  const state = $member.value;
  if (state.status !== 'ready') return undefined;
  const body = { profile_id: state.data.profile.id };
  if (state.data.liked) {
    const result = await act(
      'like',
      () => api().call('DELETE /api/like.php', { body }),
      (member) => ({ ...member, liked: false, match: false }),
      () => 'unliked',
    );
    return result === undefined ? undefined : { match: false };
  }
  return act(
    'like',
    () => api().call('POST /api/like.php', { body }),
    (member, { match }) => ({ ...member, liked: true, match, likes_you: member.likes_you || match }),
    ({ match }) => (match ? 'match' : 'liked'),
  );
}

/** Blocks the member (spec §6): the server deletes the likes between you, so the relation starts over. */
export async function blockMember(): Promise<void> {
  await act(
    'block',
    (id) => api().call('POST /api/block.php', { body: { profile_id: id } }),
    (member) => ({ ...member, blocked: true, liked: false, likes_you: false, match: false }),
    () => 'blocked',
  );
}

export async function unblockMember(): Promise<void> {
  await act(
    'block',
    (id) => api().call('DELETE /api/block.php', { body: { profile_id: id } }),
    (member) => ({ ...member, blocked: false }),
    () => 'unblocked',
  );
}

export function dismissNotice(): void {
  if ($memberAction.value.notice) $memberAction.set({ ...$memberAction.value, notice: null });
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
