import type { Kysely } from 'kysely';
import { placeOfProfile } from '@datekit/runtime/data/place-of-profile';

/**
 * `profiles.lat` / `profiles.lon`: the centre of the member's town (or of her region's main town), for
 * search's distances and "nearest first" (`placeOfProfile`). Never a member's own position. Existing
 * profiles get theirs here, one update per distinct town rather than per member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('lat', 'real').execute();
  await db.schema.alterTable('profiles').addColumn('lon', 'real').execute();
  const typed = db as unknown as Kysely<Towns>;
  const towns = await typed
    .selectFrom('profiles')
    .select(['country', 'region', 'city'])
    .distinct()
    .where((eb) => eb.or([eb('city', 'is not', null), eb('region', 'is not', null)]))
    .execute();
  for (const town of towns) {
    const at = placeOfProfile(town);
    if (!at) continue;
    await typed
      .updateTable('profiles')
      .set(at)
      .where('country', '=', town.country)
      .where('region', town.region === null ? 'is' : '=', town.region)
      .where('city', town.city === null ? 'is' : '=', town.city)
      .execute();
  }
}

interface Towns {
  profiles: { country: string; region: string | null; city: string | null; lat: number | null; lon: number | null };
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('lat').execute();
  await db.schema.alterTable('profiles').dropColumn('lon').execute();
}
