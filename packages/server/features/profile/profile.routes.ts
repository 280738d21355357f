import { findInterest } from '@datekit/runtime/data/interests';
import { placeOfProfile } from '@datekit/runtime/data/place-of-profile';
import { findRegion } from '@datekit/runtime/data/regions';
import { missingSteps } from '@datekit/runtime/rules/profile-completeness';
import { ageOn, nameProblem } from '@datekit/runtime/rules/signup';
import { type OwnProfile } from '@datekit/runtime/schemas/api/profile';
import type { Db } from '../../db/database.ts';
import type { ProfilesTable } from '../../db/schema.ts';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { ownProfileRoute, updateProfileRoute } from '@datekit/runtime/schemas/api/contracts/profile';
import type { Services } from '../../services.ts';
import type { CurrentMember } from '../users/current-member.ts';
import { toProfileJson } from '../users/user-json.ts';
import { photoCount } from '../photos/photos.queries.ts';
import { interestIdsOf, ownProfileRow, replaceInterests, townOf, updateProfileRow } from './profile.queries.ts';
import { profileChoices } from './profile-choices.ts';

/** The member's own profile in three queries: profile with main photo, interests, photo count. */
async function loadOwnProfile(services: Services, member: CurrentMember): Promise<OwnProfile> {
  const [profile, interestIds, photos] = await Promise.all([
    ownProfileRow(services.db, member.id),
    interestIdsOf(services.db, member.id),
    photoCount(services.db, member.id),
  ]);
  const now = services.now();
  return {
    id: profile.id,
    name: profile.name,
    gender: profile.gender,
    birth_date: profile.birth_date,
    age: ageOn(profile.birth_date, new Date(now)) ?? 0,
    ...profileChoices(profile),
    about: profile.about,
    interests: interestIds,
    country: profile.country,
    region: profile.region,
    city: profile.city,
    invisible: profile.invisible === 1,
    hide_presence: profile.hide_presence === 1,
    status: profile.status,
    main_image: toProfileJson(member, now, 'owner').main_image,
    missing: missingSteps({ ...profile, hasInterests: interestIds.length > 0, hasPhoto: photos > 0 }),
  };
}

/**
 * The point search measures this member's distances from once her town changes: her town's centre
 * (`placeOfProfile`), never a position of her own; nulls when the town is not a known place.
 */
async function whereabouts(
  db: Db,
  memberId: number,
  changes: Partial<Pick<ProfilesTable, 'country' | 'region' | 'city'>>,
): Promise<{ lat: number | null; lon: number | null }> {
  const before = await townOf(db, memberId);
  const place = placeOfProfile({ ...before, ...changes });
  return { lat: place?.lat ?? null, lon: place?.lon ?? null };
}

export const getProfile = defineRoute({
  contract: ownProfileRoute,
  summary: 'Your own profile with every field, your interests, and the optional signup steps still missing.',
  auth: 'member',
  handler: async ({ member, services }) => ({ profile: await loadOwnProfile(services, member) }),
});

export const updateProfile = defineRoute({
  contract: updateProfileRoute,
  summary:
    'Change your profile: name, the profile choices (null clears one), about, interests (ids), country/region/city, invisible mode, hiding your presence. Only the fields sent change.',
  auth: 'member',
  errors: ['invalid_name'],
  handler: async ({ body, member, services }) => {
    if (body.name !== undefined) {
      const problem = nameProblem(body.name, member.email);
      if (problem) throw new ApiError('invalid_name', {}, { field: 'name', reason: problem });
    }
    const country = body.country ?? member.country;
    if (body.region) {
      const region = findRegion(body.region);
      if (!region || region.country !== country) {
        throw new ApiError('validation_failed', {}, { fields: { region: `not a region of ${country}` } });
      }
    }
    if (body.interests?.some((id) => !findInterest(id))) {
      throw new ApiError('validation_failed', {}, { fields: { interests: 'unknown interest' } });
    }
    const { interests, invisible, hide_presence, ...fields } = body;
    // A new country without a region drops the old region, which belonged to the old country.
    const regionReset = body.country !== undefined && body.country !== member.country && body.region === undefined;
    await services.db.transaction().execute(async (trx) => {
      const changes = {
        ...fields,
        ...(regionReset ? { region: null } : {}),
        ...(invisible !== undefined ? { invisible: invisible ? 1 : 0 } : {}),
        ...(hide_presence !== undefined ? { hide_presence: hide_presence ? 1 : 0 } : {}),
      };
      if (Object.keys(changes).length) {
        const moved = 'country' in changes || 'region' in changes || 'city' in changes;
        await updateProfileRow(trx, member.id, {
          ...changes,
          ...(moved ? await whereabouts(trx, member.id, changes) : {}),
        });
      }
      if (interests) {
        await replaceInterests(trx, member.id, interests);
      }
    });
    return { profile: await loadOwnProfile(services, { ...member, country }) };
  },
});

export const profileRoutes = [getProfile, updateProfile];
