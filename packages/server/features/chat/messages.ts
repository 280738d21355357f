import type { Message } from '@datekit/runtime/schemas/api/chat.ts';
import type { MessagesTable } from '../../db/schema.ts';
import { MEDIA_PREFIX } from '../users/user-json.ts';

/** A message as both members see it. Text stays text: clients render it as such, never as HTML. */
export function toMessageJson(
  row: Pick<
    MessagesTable,
    'conversation_id' | 'sender_id' | 'kind' | 'body' | 'gift_id' | 'photo_filename' | 'created_at'
  > & { id: number },
): Message {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    kind: row.kind,
    text: row.body,
    gift: row.gift_id,
    photo: row.photo_filename ? MEDIA_PREFIX + row.photo_filename : null,
    sent_at: new Date(row.created_at).toISOString(),
  };
}
