import { EventEmitter } from 'node:events';
import pg from 'pg';

/** What reaches a member's open tabs (issue 5): new messages, likes, matches, credits, read state. */
export type MemberEvent =
  | { type: 'message'; conversation_id: number; message: unknown }
  | { type: 'like'; profile_id: number }
  | { type: 'match'; profile_id: number }
  | { type: 'credits'; credits: number; paid_user?: true }
  | { type: 'read'; conversation_id: number }
  | { type: 'chat-deleted'; conversation_id: number };

export type Listener = (event: MemberEvent) => void;

export interface EventBus {
  publish(userId: number, event: MemberEvent): Promise<void>;
  subscribe(userId: number, listener: Listener): () => void;
  close(): Promise<void>;
}

/** One process: an EventEmitter keyed by member id. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per open tab; thousands are expected
  return {
    async publish(userId, event) {
      emitter.emit(String(userId), event);
    },
    subscribe(userId, listener) {
      emitter.on(String(userId), listener);
      return () => emitter.off(String(userId), listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'datekit_events';

/**
 * Several server instances on one PostgreSQL: every event goes through NOTIFY and comes back to each
 * instance's LISTEN connection, which hands it to the local listeners — whichever instance a member's
 * tab is connected to. A dedicated connection listens; publishing uses the pool.
 */
export async function createPostgresBus(connectionString: string, channel = CHANNEL): Promise<EventBus> {
  const local = createLocalBus();
  const listener = new pg.Client({ connectionString });
  await listener.connect();
  listener.on('notification', (note) => {
    if (note.channel !== channel || !note.payload) return;
    const { u, e } = JSON.parse(note.payload) as { u: number; e: MemberEvent };
    void local.publish(u, e);
  });
  await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  const publisher = new pg.Pool({ connectionString, max: 4 });
  return {
    async publish(userId, event) {
      // NOTIFY payloads are limited to 8000 bytes; messages are far below it.
      await publisher.query('select pg_notify($1, $2)', [channel, JSON.stringify({ u: userId, e: event })]);
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      await listener.end();
      await publisher.end();
    },
  };
}
