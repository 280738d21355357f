import { PostgresAdapter } from 'kysely';
import { commitMarker, notifyOnCommit, runAfterCommit } from '../../db/commit-signal.ts';
import type { Db } from '../../db/database.ts';
import type { MemberRow } from './member-row.ts';

/**
 * How long a session's member row is answered from memory, at most (issue 28): longer than the 2–10 s
 * members take between pages, so a page view finds its member in memory (with 5 s most missed). Every
 * write forgets its member at once here, in every other PostgreSQL instance at its commit (NOTIFY),
 * and for another process on the same SQLite file at the next lookup (`otherWrites`), so the TTL
 * bounds only how long a write that bypasses `memberChanged` (a hand-made SQL update) goes unseen.
 */
export const MEMBER_CACHE_TTL_MS = 30_000;
/** Sessions kept, least recently used dropped first: a few KB each. */
export const MEMBER_CACHE_SIZE = 10_000;
/** The PostgreSQL channel on which `memberChanged` tells every instance which members changed. */
export const MEMBER_CHANNEL = 'datekit_members';

/** What a session's request needs of its member: the row, the sanction, and when the session ends. */
export type SessionMember = MemberRow & {
  sanction: 'ban' | 'suspension' | null;
  sanction_ends_at: number | null;
  session_expires_at: number;
};

interface Entry {
  member: SessionMember;
  cachedAt: number;
}

/**
 * Session (token hash) -> member row, for a few seconds, in this process: user.php, the media rules
 * and every member route read it on each request (issue 28: 17 % of all CPU). Correct because every
 * write to what the row holds calls `memberChanged` (below), which forgets the member here at once
 * and, on PostgreSQL, in every instance when it commits (NOTIFY `MEMBER_CHANNEL`, heard on the event
 * bus's LISTEN connection; member events on the bus's channel count too). A read that began before a
 * forget is not stored (the generation), and `usable` refuses the cache on PostgreSQL while the bus
 * cannot hear other instances, and entries cached before its connection (re)opened.
 */
export class MemberCache {
  private readonly entries = new Map<string, Entry>();
  /** Each member's cached sessions, so that forgetting a member costs her sessions, not the cache. */
  private readonly sessionsOf = new Map<number, Set<string>>();
  private readonly ttlMs: number;
  private readonly capacity: number;
  /** Bumped by every forget; a read remembers the generation it started under. */
  private generation = 0;
  /** Per member, the generation of her last forget: a read of her begun before it may be old. */
  private readonly changedAt = new Map<number, number>();
  /** A read begun before this generation is not stored at all (a session ended, or too many changes to track). */
  private floor = 0;
  /** Since when (ms since the epoch) the cache may be used; undefined while it may not. */
  usableSince: () => number | undefined = () => 0;
  /** Reads under way, by session and brand, with the generation each began under. */
  private readonly reads = new Map<string, { generation: number; member: Promise<SessionMember | undefined> }>();
  /** SQLite's count of other connections' commits (db/database.ts `otherWrites`), and the last one seen. */
  private readonly otherWrites: (() => number) | undefined;
  private seenWrites: number | undefined;

  constructor(ttlMs = MEMBER_CACHE_TTL_MS, capacity = MEMBER_CACHE_SIZE, otherWrites?: () => number) {
    this.ttlMs = ttlMs;
    this.capacity = capacity;
    this.otherWrites = otherWrites;
    this.seenWrites = otherWrites?.();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached member of the session, if fresh; `now` is the wall clock (Date.now()). */
  get(tokenHash: string, now = Date.now()): SessionMember | undefined {
    this.noticeOtherWrites();
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const since = this.usableSince();
    if (since === undefined || entry.cachedAt < since || now - entry.cachedAt >= this.ttlMs) {
      this.drop(tokenHash, entry);
      return undefined;
    }
    // Most recently used last: the map's first key is the one to drop.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.member;
  }

  /**
   * The session's member as `load` finds it (stored as `set` allows), shared by the requests that ask
   * while it runs. A page view's requests arrive together (settings, user, the page's own call, the
   * stream), so with nothing cached each would read the same row: in bench/capacity.ts, three times
   * as many reads as with this. A request joins only a read begun in its own generation, when nothing
   * was forgotten since: what that read finds is what its own would. `key` holds what else the read
   * depends on (the brand).
   */
  read(
    tokenHash: string,
    key: string,
    load: () => Promise<SessionMember | undefined>,
  ): Promise<SessionMember | undefined> {
    this.noticeOtherWrites();
    const underWay = this.reads.get(key);
    if (underWay?.generation === this.generation) return underWay.member;
    const generation = this.startRead();
    const member = load().then((found) => {
      if (found) this.set(tokenHash, found, generation);
      return found;
    });
    const entry = { generation, member };
    this.reads.set(key, entry);
    const done = () => {
      if (this.reads.get(key) === entry) this.reads.delete(key);
    };
    member.then(done, done);
    return member;
  }

  /** The generation to pass to `set` for a read that starts now. */
  startRead(): number {
    return this.generation;
  }

  /** Stores what a read found, unless its member (or every session) was forgotten since it started. */
  set(tokenHash: string, member: SessionMember, readGeneration: number, now = Date.now()): void {
    this.noticeOtherWrites();
    if (readGeneration < this.floor || this.usableSince() === undefined) return;
    if ((this.changedAt.get(member.id) ?? -1) > readGeneration) return;
    const old = this.entries.get(tokenHash);
    if (old) this.drop(tokenHash, old);
    this.entries.set(tokenHash, { member, cachedAt: now });
    let sessions = this.sessionsOf.get(member.id);
    if (!sessions) this.sessionsOf.set(member.id, (sessions = new Set()));
    sessions.add(tokenHash);
    if (this.entries.size > this.capacity) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.drop(oldest, entry);
    }
  }

  /** Forgets one session (it ended). */
  forgetSession(tokenHash: string): void {
    this.floor = ++this.generation;
    const entry = this.entries.get(tokenHash);
    if (entry) this.drop(tokenHash, entry);
  }

  /** Forgets every session of these members (a write changed what their rows hold). */
  forgetMembers(ids: readonly number[]): void {
    const generation = ++this.generation;
    // Bounded: past the cache's size, every read under way is refused instead of tracked per member.
    if (this.changedAt.size + ids.length > this.capacity) {
      this.changedAt.clear();
      this.floor = generation;
    }
    for (const id of ids) {
      if (this.floor !== generation) this.changedAt.set(id, generation);
      const sessions = this.sessionsOf.get(id);
      if (!sessions) continue;
      for (const tokenHash of sessions) this.entries.delete(tokenHash);
      this.sessionsOf.delete(id);
    }
  }

  clear(): void {
    this.floor = ++this.generation;
    this.entries.clear();
    this.sessionsOf.clear();
    this.changedAt.clear();
  }

  /**
   * Another process committed since the last look (a `datekit` command beside `serve` on the same
   * SQLite file: a ban, a credit grant): what it changed is unknown, so everything is forgotten, and
   * a read begun before is not stored. One `pragma data_version`, about a microsecond.
   */
  private noticeOtherWrites(): void {
    if (!this.otherWrites) return;
    const writes = this.otherWrites();
    if (writes === this.seenWrites) return;
    this.seenWrites = writes;
    this.clear();
  }

  private drop(tokenHash: string, entry: Entry): void {
    this.entries.delete(tokenHash);
    const sessions = this.sessionsOf.get(entry.member.id);
    sessions?.delete(tokenHash);
    if (sessions?.size === 0) this.sessionsOf.delete(entry.member.id);
  }
}

/** The caches of this process per database (its dialect adapter, which its transactions share). */
const caches = new WeakMap<object, Set<MemberCache>>();

/** Lets `memberChanged` through `db` (or its transactions) reach `cache`; answers the undo. */
export function attachMemberCache(db: Db, cache: MemberCache): () => void {
  const adapter = db.getExecutor().adapter;
  let set = caches.get(adapter);
  if (!set) caches.set(adapter, (set = new Set()));
  set.add(cache);
  return () => void set.delete(cache);
}

/**
 * Call with every write that changes what a member's session row holds (`selectMembers` and the
 * session: account and profile fields, photos, interests, likes and conversations started, credits,
 * mail suppressions, sanctions, sessions ended), in the writer's transaction when there is one. The
 * caches of this process forget the members at once and again when the transaction commits; on
 * PostgreSQL the NOTIFY sent after the commit tells every instance.
 */
export async function memberChanged(db: Db, ids: number | readonly number[]): Promise<void> {
  const members = typeof ids === 'number' ? [ids] : ids;
  if (members.length === 0) return;
  const adapter = db.getExecutor().adapter;
  const forget = () => caches.get(adapter)?.forEach((cache) => cache.forgetMembers(members));
  forget();
  // SQLite: one connection, which the writer's transaction holds until it commits, so no read can
  // see the old row after the forget above. PostgreSQL: a read may, until the commit.
  if (!(adapter instanceof PostgresAdapter)) return;
  // A marker, not a NOTIFY in the transaction (which would hold PostgreSQL's notification lock until
  // the commit's flush): the commit sends one NOTIFY for all it changed (db/commit-signal.ts).
  const words = members.map(String);
  await db.executeQuery(runAfterCommit(notifyOnCommit(commitMarker(), MEMBER_CHANNEL, words), forget));
}

/** The member ids of a `MEMBER_CHANNEL` payload. */
export function changedMembers(payload: string): number[] {
  return payload
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}
