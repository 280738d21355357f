import { compiledQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import type { CurrentMember } from '../users/current-member.ts';
import { blockedBy, blockersOf, visibleTo } from './visible-to.ts';

export interface ProfileTarget {
  id: number;
  name: string;
  invisible: number;
  /** The target blocked the viewer. */
  blocksViewer: boolean;
  /** The viewer blocked the target. */
  blockedByViewer: boolean;
  /** The target started contact with the viewer (liked them): an invisible member stays visible to them. */
  contactedViewer: boolean;
  /** The two already have a conversation: partners still see an invisible member (spec §6). */
  inConversation: boolean;
}

/** Another member with how she stands to the viewer; `reachableProfile` answers from it. */
const reachableQuery = compiledQuery((db: Db, p: { viewerId: number; brand: string; profileId: number }) =>
  db
    .selectFrom('profiles as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.invisible',
      eb('p.id', 'in', blockersOf(eb, p.viewerId)).as('blocks_viewer'),
      eb('p.id', 'in', blockedBy(eb, p.viewerId)).as('blocked_by_viewer'),
      eb
        .exists(
          eb
            .selectFrom('likes')
            .select('likes.liker_id')
            .whereRef('likes.liker_id', '=', 'p.id')
            .where('likes.liked_id', '=', p.viewerId),
        )
        .as('contacted_viewer'),
      eb
        .exists(
          eb
            .selectFrom('conversations as c')
            .select('c.id')
            .where((c) =>
              c.or([
                c.and([c('c.member_a', '=', c.ref('p.id')), c('c.member_b', '=', p.viewerId)]),
                c.and([c('c.member_a', '=', p.viewerId), c('c.member_b', '=', c.ref('p.id'))]),
              ]),
            ),
        )
        .as('in_conversation'),
    ])
    .where('p.id', '=', p.profileId)
    // Blocks and invisibility are answered by `reachableProfile`, each with its own error.
    .where((eb) =>
      visibleTo(eb, p.viewerId, { brand: p.brand, activeOnly: true, hideInvisible: false, hideBlocked: false }),
    ),
);

/**
 * Loads another member as the viewer may reach them, in one query, enforcing spec §6 on the server:
 * only active profiles of the viewer's own brand; a member who blocked the viewer answers
 * `blocked_by` ("You're blocked by {name}…"); an invisible member exists only for those they
 * contacted first and their conversation partners. Anything else answers `not_found`, never hinting that a hidden member exists.
 */
export async function reachableProfile(
  services: Services,
  viewer: CurrentMember,
  profileId: number,
): Promise<ProfileTarget> {
  const row = await reachableQuery.first(services.db, { viewerId: viewer.id, brand: viewer.brand, profileId });
  if (!row) throw new ApiError('not_found');
  const target: ProfileTarget = {
    id: row.id,
    name: row.name,
    invisible: row.invisible,
    blocksViewer: Boolean(Number(row.blocks_viewer)),
    blockedByViewer: Boolean(Number(row.blocked_by_viewer)),
    contactedViewer: Boolean(Number(row.contacted_viewer)),
    inConversation: Boolean(Number(row.in_conversation)),
  };
  if (target.blocksViewer) throw new ApiError('blocked_by', { name: target.name }, { name: target.name });
  if (target.invisible && !target.contactedViewer && !target.inConversation) throw new ApiError('not_found');
  return target;
}

/** Who may be contacted (liked or messaged): reachable, and not blocked by the viewer either. */
export async function contactableProfile(
  services: Services,
  viewer: CurrentMember,
  profileId: number,
): Promise<ProfileTarget> {
  if (profileId === viewer.id) throw new ApiError('cannot_like_self');
  const target = await reachableProfile(services, viewer, profileId);
  if (target.blockedByViewer) throw new ApiError('not_found');
  return target;
}
