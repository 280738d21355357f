import type { Message } from '@datekit/runtime/schemas/api/chat';
import type { MessagesTable } from '../../db/schema.ts';
import { MEDIA_PREFIX } from '../users/user-json.ts';

export interface Viewer {
  id: number;
  paid_user: number;
}

/**
 * The columns a message's JSON is made of (`toMessageJson`), named: a query of `select *` would not be
 * prepared on PostgreSQL (db/prepared-statements.ts).
 */
export const MESSAGE_COLUMNS = [
  'id',
  'conversation_id',
  'sender_id',
  'kind',
  'body',
  'gift_id',
  'photo_filename',
  'photo_blurred_filename',
  'created_at',
] as const;

type MessageRow = Pick<
  MessagesTable,
  'conversation_id' | 'sender_id' | 'kind' | 'body' | 'gift_id' | 'photo_filename' | 'created_at'
> & {
  id: number;
  photo_blurred_filename: string | null;
};

/**
 * A message as `viewer` sees it. Text stays text: clients render it as such, never as HTML. A photo
 * follows the profile photo rule: the sender and premium members get it in full, a free recipient
 * only the blurred version made on the server (its own random name: nothing in it leads to the full
 * file, which `/media/*` would refuse them anyway).
 */
export function toMessageJson(row: MessageRow, viewer: Viewer): Message {
  const fullPhoto = row.sender_id === viewer.id || viewer.paid_user === 1;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    kind: row.kind,
    text: row.body,
    gift: row.gift_id,
    photo: shownPhoto(row, fullPhoto),
    photo_locked: Boolean(row.photo_filename) && !fullPhoto,
    sent_at: new Date(row.created_at).toISOString(),
  };
}

function shownPhoto(row: MessageRow, full: boolean): string | null {
  const name = full ? row.photo_filename : row.photo_blurred_filename;
  return row.photo_filename && name ? MEDIA_PREFIX + name : null;
}
