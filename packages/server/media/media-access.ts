import { sql } from 'kysely';
import { blockedEitherWay } from '../features/members/visible-to.ts';
import type { Services } from '../services.ts';

/** Who asks for a file: a logged-in member of the serving brand, or null for a visitor. */
export interface MediaViewer {
  id: number;
  paid_user: number;
}

/** A stored file, with what the photo rules need to decide who may have it. */
export type MediaFile =
  | {
      kind: 'photo';
      variant: 'full' | 'thumb' | 'match' | 'blurred';
      ownerId: number;
      brand: string;
      profileActive: boolean;
      approved: boolean;
      isMain: boolean;
      /** Owner and viewer blocked one another, either way. */
      blocked: boolean;
    }
  | { kind: 'chat'; variant: 'full' | 'blurred'; senderId: number; members: [number, number] };

/**
 * The photo rules (spec §6, DESIGN.md's private-photo invariant) for one file and one viewer:
 * - the owner gets every variant of their photos, checked or not;
 * - nobody else gets a photo before an operator approved it, nor one of a disabled profile, another
 *   brand's, or one of a member they blocked or who blocked them;
 * - an approved main photo (full, thumbnail, match crop) is public: search, teasers and profiles
 *   show it to visitors and free members alike;
 * - the other photos go in full to premium members only; free members get their blurred version;
 * - a chat photo reaches the two members of its conversation only: the blurred version to both, the
 *   full one to the sender and to a premium recipient.
 */
export function mayView(file: MediaFile, viewer: MediaViewer | null, brand: string): boolean {
  if (file.kind === 'chat') {
    if (!viewer || !file.members.includes(viewer.id)) return false;
    return file.variant === 'blurred' || viewer.id === file.senderId || viewer.paid_user === 1;
  }
  if (viewer?.id === file.ownerId) return true;
  if (!file.approved || !file.profileActive || file.brand !== brand || file.blocked) return false;
  if (file.variant === 'blurred') return viewer !== null;
  return file.isMain || viewer?.paid_user === 1;
}

/** Finds the photo or chat message a stored file belongs to, as seen by `viewer`; null for none. */
export async function findMediaFile(
  services: Services,
  name: string,
  viewer: MediaViewer | null,
): Promise<MediaFile | null> {
  const photo = await services.db
    .selectFrom('photos as ph')
    .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
    .select((eb) => [
      'ph.profile_id',
      'ph.filename',
      'ph.thumb_filename',
      'ph.match_filename',
      'ph.status',
      'ph.is_main',
      'p.brand',
      'p.status as profile_status',
      viewer ? eb('p.id', 'in', blockedEitherWay(eb, viewer.id)).as('blocked') : sql<number>`0`.as('blocked'),
    ])
    .where((eb) =>
      eb.or([
        eb('ph.filename', '=', name),
        eb('ph.thumb_filename', '=', name),
        eb('ph.match_filename', '=', name),
        eb('ph.blurred_filename', '=', name),
      ]),
    )
    .executeTakeFirst();
  if (photo) {
    return {
      kind: 'photo',
      variant:
        photo.filename === name
          ? 'full'
          : photo.thumb_filename === name
            ? 'thumb'
            : photo.match_filename === name
              ? 'match'
              : 'blurred',
      ownerId: photo.profile_id,
      brand: photo.brand,
      profileActive: photo.profile_status === 'active',
      approved: photo.status === 'active',
      isMain: photo.is_main === 1,
      blocked: Boolean(Number(photo.blocked)),
    };
  }
  const message = await services.db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.sender_id', 'm.photo_filename', 'c.member_a', 'c.member_b'])
    .where((eb) => eb.or([eb('m.photo_filename', '=', name), eb('m.photo_blurred_filename', '=', name)]))
    .executeTakeFirst();
  if (!message) return null;
  return {
    kind: 'chat',
    variant: message.photo_filename === name ? 'full' : 'blurred',
    senderId: message.sender_id,
    members: [message.member_a, message.member_b],
  };
}
