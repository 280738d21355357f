import { ageOn } from '@datekit/runtime/rules/signup';
import { PHOTO_QUEUE_PAGE, type QueuedPhotoJson } from '@datekit/runtime/schemas/api/operator/photos';
import type { Db } from '../../db/database.ts';

export interface PhotoQueuePage {
  photos: QueuedPhotoJson[];
  total: number;
  nextAfter: number | null;
}

const fileUrl = (id: number) => `/api/operator/photos/${id}/file`;

/**
 * The audit details of a console rejection: exactly `{"member_id":<id>}` (the single and the bulk
 * decision write this shape), so earlier rejections of many members are counted with one IN list.
 */
export const rejectionDetails = (memberId: number) => ({ member_id: memberId });

/**
 * One page of the photo queue (oldest first, keyset by id) with each member's context beside the
 * photo: age, other photos, earlier rejections and reports. Five queries whatever the page's size.
 */
export async function photoQueuePage(
  db: Db,
  query: { brand?: string | undefined; after?: number | undefined; limit?: number | undefined },
  now: number,
): Promise<PhotoQueuePage> {
  const limit = query.limit ?? PHOTO_QUEUE_PAGE;
  const waiting = db
    .selectFrom('photos as ph')
    .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
    .where('ph.status', '=', 'inspection')
    .$if(Boolean(query.brand), (q) => q.where('p.brand', '=', query.brand!));
  const [rows, count] = await Promise.all([
    waiting
      .select(['ph.id', 'ph.profile_id', 'p.name', 'p.brand', 'p.birth_date', 'ph.created_at'])
      .$if(query.after !== undefined, (q) => q.where('ph.id', '>', query.after!))
      .orderBy('ph.id')
      .limit(limit + 1)
      .execute(),
    waiting.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const page = rows.slice(0, limit);
  const memberIds = [...new Set(page.map((r) => r.profile_id))];
  if (memberIds.length === 0) return { photos: [], total: Number(count.n), nextAfter: null };

  const [photos, reports, rejections] = await Promise.all([
    db
      .selectFrom('photos')
      .select(['id', 'profile_id', 'status', 'is_main'])
      .where('profile_id', 'in', memberIds)
      .orderBy('is_main', 'desc')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('reports')
      .select((eb) => [
        'reported_id',
        eb.fn.countAll<string | number>().as('total'),
        eb.fn.sum<string | number>(eb.case().when('status', '=', 'open').then(1).else(0).end()).as('open'),
      ])
      .where('reported_id', 'in', memberIds)
      .groupBy('reported_id')
      .execute(),
    db
      .selectFrom('operator_audit')
      .select((eb) => ['details', eb.fn.countAll<string | number>().as('n')])
      .where('action', '=', 'photo.reject')
      .where(
        'details',
        'in',
        memberIds.map((id) => JSON.stringify(rejectionDetails(id))),
      )
      .groupBy('details')
      .execute(),
  ]);
  const reportsOf = new Map(reports.map((r) => [r.reported_id, { total: Number(r.total), open: Number(r.open) }]));
  const rejectionsOf = new Map(rejections.map((r) => [r.details, Number(r.n)]));
  const today = new Date(now);
  return {
    photos: page.map((r) => ({
      id: r.id,
      member_id: r.profile_id,
      name: r.name,
      brand: r.brand,
      uploaded_at: new Date(Number(r.created_at)).toISOString(),
      url: fileUrl(r.id),
      age: ageOn(r.birth_date, today),
      other_photos: photos
        .filter((photo) => photo.profile_id === r.profile_id && photo.id !== r.id)
        .map((photo) => ({
          id: photo.id,
          status: photo.status,
          is_main: Boolean(photo.is_main),
          url: fileUrl(photo.id),
        })),
      earlier_rejections: rejectionsOf.get(JSON.stringify(rejectionDetails(r.profile_id))) ?? 0,
      reports: reportsOf.get(r.profile_id) ?? { total: 0, open: 0 },
    })),
    total: Number(count.n),
    nextAfter: rows.length > limit ? page.at(-1)!.id : null,
  };
}
