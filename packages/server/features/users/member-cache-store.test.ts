import { describe, expect, it } from 'vitest';
import { MemberCache, type SessionMember } from './member-cache.ts';

const member = (id: number) =>
  ({ id, sanction: null, sanction_ends_at: null, session_expires_at: 1e15 }) as SessionMember;

describe('the member cache itself', () => {
  it('forgets only the changed member’s sessions, all of them', () => {
    const cache = new MemberCache();
    cache.set('a1', member(1), cache.startRead());
    cache.set('a2', member(1), cache.startRead());
    cache.set('b1', member(2), cache.startRead());
    cache.forgetMembers([1]);
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.id).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('does not store a read of a member changed while it ran, but does one of another member', () => {
    const cache = new MemberCache();
    const readOfOne = cache.startRead();
    const readOfTwo = cache.startRead();
    cache.forgetMembers([1]);
    cache.set('a1', member(1), readOfOne);
    cache.set('b1', member(2), readOfTwo);
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('b1')?.id).toBe(2);
    // A read begun after the change is stored.
    cache.set('a1', member(1), cache.startRead());
    expect(cache.get('a1')?.id).toBe(1);
  });

  it('stores no read under way when a session ends', () => {
    const cache = new MemberCache();
    const read = cache.startRead();
    cache.forgetSession('x');
    cache.set('b1', member(2), read);
    expect(cache.get('b1')).toBeUndefined();
  });

  it('keeps its index with its entries when the oldest are dropped for room', () => {
    const cache = new MemberCache(5_000, 2);
    cache.set('a1', member(1), cache.startRead());
    cache.set('b1', member(2), cache.startRead());
    cache.set('c1', member(3), cache.startRead());
    expect(cache.size).toBe(2);
    expect(cache.get('a1')).toBeUndefined();
    // Member 1's dropped session is not found through the index either: forgetting her is harmless.
    cache.forgetMembers([1]);
    expect(cache.get('b1')?.id).toBe(2);
    expect(cache.get('c1')?.id).toBe(3);
  });

  it('past its size in tracked changes, refuses every read under way rather than tracking more', () => {
    const cache = new MemberCache(5_000, 2);
    const read = cache.startRead();
    cache.forgetMembers([7, 8, 9]);
    cache.set('b1', member(2), read);
    expect(cache.get('b1')).toBeUndefined();
    cache.set('b1', member(2), cache.startRead());
    expect(cache.get('b1')?.id).toBe(2);
  });

  it('answers nothing past its time to live', () => {
    const cache = new MemberCache(5_000);
    cache.set('a1', member(1), cache.startRead(), 1_000);
    expect(cache.get('a1', 5_999)?.id).toBe(1);
    expect(cache.get('a1', 6_000)).toBeUndefined();
  });

  it('forgets everything, and stores no read under way, once another process has written (SQLite)', () => {
    let writes = 1;
    const cache = new MemberCache(30_000, 10, () => writes);
    cache.set('a1', member(1), cache.startRead());
    expect(cache.get('a1')?.id).toBe(1);
    const read = cache.startRead();
    writes += 1;
    cache.set('b1', member(2), read);
    expect(cache.get('b1')).toBeUndefined();
    expect(cache.get('a1')).toBeUndefined();
    cache.set('a1', member(1), cache.startRead());
    expect(cache.get('a1')?.id).toBe(1);
  });

  describe('a read shared by the requests that ask while it runs', () => {
    /** A read that answers when told to, counting how often it was started. */
    function pendingRead() {
      const started: ((found: SessionMember | undefined) => void)[] = [];
      const read = () => new Promise<SessionMember | undefined>((resolve) => started.push(resolve));
      return { read, started };
    }

    it('runs once for the requests of one page view, and stores what it found', async () => {
      const cache = new MemberCache();
      const { read, started } = pendingRead();
      const asked = [cache.read('a1', 'a1 x', read), cache.read('a1', 'a1 x', read), cache.read('a1', 'a1 x', read)];
      expect(started).toHaveLength(1);
      started[0]!(member(1));
      expect((await Promise.all(asked)).map((found) => found?.id)).toEqual([1, 1, 1]);
      expect(cache.get('a1')?.id).toBe(1);
    });

    it('is not joined by a request that came after something was forgotten: that one reads again', async () => {
      const cache = new MemberCache();
      const { read, started } = pendingRead();
      const first = cache.read('a1', 'a1 x', read);
      cache.forgetMembers([1]);
      const second = cache.read('a1', 'a1 x', read);
      expect(started).toHaveLength(2);
      // The read begun before the change is not stored; the one after it is, and later requests join it.
      started[0]!(member(1));
      await first;
      expect(cache.get('a1')).toBeUndefined();
      const third = cache.read('a1', 'a1 x', read);
      expect(started).toHaveLength(2);
      started[1]!(member(1));
      expect((await second)?.id).toBe(1);
      expect((await third)?.id).toBe(1);
      expect(cache.get('a1')?.id).toBe(1);
    });

    it('is not shared across keys (another brand), nor once it has ended, also when it failed', async () => {
      const cache = new MemberCache();
      const { read, started } = pendingRead();
      void cache.read('a1', 'a1 x', read);
      void cache.read('a1', 'a1 y', read);
      expect(started).toHaveLength(2);
      const failing = () => Promise.reject(new Error('database unreachable'));
      await expect(cache.read('b1', 'b1 x', failing)).rejects.toThrow('database unreachable');
      const again = cache.read('b1', 'b1 x', read);
      expect(started).toHaveLength(3);
      started[2]!(undefined);
      expect(await again).toBeUndefined();
    });
  });
});
