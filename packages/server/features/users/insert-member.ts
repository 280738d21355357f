import type { Kysely } from 'kysely';
import { placeOfProfile } from '@datekit/runtime/data/place-of-profile';
import { normalizeEmail } from '@datekit/runtime/rules/signup';
import type { Tracking } from '@datekit/runtime/schemas/api/signup';
import type { Database, ProfilesTable, UsersTable } from '../../db/schema.ts';
import type { LanderAttribution } from '../landers/lander-attribution.ts';

export interface NewMember {
  brand: string;
  email: string;
  /** null for accounts that cannot log in (fictional members). */
  passwordHash: string | null;
  status: UsersTable['status'];
  language: string;
  createdAt: number;
  acceptedTermsAt: number | null;
  signupMessage?: string | null;
  signupTargetId?: number | null;
  tracking?: Tracking;
  /** The lander the signup came through (features/landers/signup-lander.ts). */
  lander?: LanderAttribution | null;
  profile: Pick<ProfilesTable, 'name' | 'gender' | 'birth_date' | 'country' | 'status'> &
    Partial<Pick<ProfilesTable, 'region' | 'city' | 'about' | 'fictional'>>;
}

/** Creates a user and their profile (same id); call inside a transaction so neither exists alone. */
export async function insertMember(db: Kysely<Database>, member: NewMember): Promise<number> {
  const activated = member.status === 'active' ? member.createdAt : null;
  const { id } = await db
    .insertInto('users')
    .values({
      brand: member.brand,
      email: member.email,
      email_normalized: normalizeEmail(member.email),
      password_hash: member.passwordHash,
      status: member.status,
      language: member.language,
      paid_user: 0,
      created_at: member.createdAt,
      activated_at: activated,
      accepted_terms_at: member.acceptedTermsAt,
      signup_message: member.signupMessage ?? null,
      signup_target_id: member.signupTargetId ?? null,
      network: member.tracking?.network ?? null,
      ref: member.tracking?.ref ?? null,
      sub1: member.tracking?.sub1 ?? null,
      sub2: member.tracking?.sub2 ?? null,
      sub3: member.tracking?.sub3 ?? null,
      // Only with a lander, so that a member without one is written by the columns every schema has
      // (the migration tests insert members into the schema of an earlier migration).
      ...(member.lander && {
        lander_variant: member.lander.variant,
        lander_niche: member.lander.niche || null,
        experiment_id: member.lander.experimentId || null,
        experiment_arm: member.lander.arm || null,
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('profiles')
    .values({
      id,
      brand: member.brand,
      region: null,
      city: null,
      about: null,
      fictional: 0,
      created_at: member.createdAt,
      ...member.profile,
      ...placeOfProfile({ region: null, city: null, ...member.profile }),
    })
    .execute();
  return id;
}
