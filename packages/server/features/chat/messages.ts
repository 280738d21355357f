import type { Message } from '@datekit/runtime';
import type { MessagesTable } from '../../db/schema.ts';
import { MEDIA_PREFIX } from '../users/user-json.ts';

export interface Viewer {
  id: number;
  paid_user: number;
}

type MessageRow = Pick<
  MessagesTable,
  'conversation_id' | 'sender_id' | 'kind' | 'body' | 'gift_id' | 'photo_filename' | 'created_at'
> & {
  id: number;
};

/** The blurred variant `storePhoto` writes beside every photo. */
export const blurredOf = (filename: string) => filename.replace(/\.webp$/, '-blur.webp');

/**
 * A message as `viewer` sees it. Text stays text: clients render it as such, never as HTML. A photo
 * follows the profile photo rule: the sender and premium members get it in full, a free recipient
 * only the blurred version made on the server.
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
    photo: row.photo_filename ? MEDIA_PREFIX + (fullPhoto ? row.photo_filename : blurredOf(row.photo_filename)) : null,
    photo_locked: Boolean(row.photo_filename) && !fullPhoto,
    sent_at: new Date(row.created_at).toISOString(),
  };
}
