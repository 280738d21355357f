import { describe, expect, it } from 'vitest';
import { HashingCapacity, MAX_HASH_WAIT_MS } from './hashing-capacity.ts';

/** A hash whose end the test decides. */
function controlled() {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve('hashed')));
  let started = false;
  return {
    work: () => {
      started = true;
      return done;
    },
    finish,
    started: () => started,
  };
}

describe('HashingCapacity', () => {
  it('runs as many hashes as it has slots; the next waits for a free slot, in order', async () => {
    const capacity = new HashingCapacity(1);
    const [first, second] = [controlled(), controlled()];
    const running = capacity.run(first.work);
    const waiting = capacity.run(second.work);
    await Promise.resolve();
    expect(first.started()).toBe(true);
    expect(second.started()).toBe(false);
    first.finish();
    expect(await running).toBe('hashed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(second.started()).toBe(true);
    second.finish();
    expect(await waiting).toBe('hashed');
  });

  it('before any hash was timed, lets a burst wait for the first rather than refuse it', async () => {
    const capacity = new HashingCapacity(1);
    const running = controlled();
    const first = capacity.run(running.work);
    const burst = Array.from({ length: 20 }, () => capacity.run(() => Promise.resolve('hashed')));
    running.finish();
    await first;
    expect(await Promise.all(burst)).toEqual(Array.from({ length: 20 }, () => 'hashed'));
  });

  it('refuses with 503 server_busy, at once, a hash that would wait behind too many', async () => {
    const capacity = new HashingCapacity(1);
    await capacity.run(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const running = controlled();
    const first = capacity.run(running.work);
    const waiting = Array.from({ length: Math.ceil(MAX_HASH_WAIT_MS / 50) + 10 }, () =>
      capacity.run(controlled().work).catch(() => 'refused'),
    );
    await expect(capacity.run(controlled().work)).rejects.toMatchObject({ code: 'server_busy', status: 503 });
    capacity.close();
    await Promise.allSettled(waiting);
    running.finish();
    await first;
  });

  it('once hashes were timed, lets a hash wait up to MAX_HASH_WAIT_MS and refuses it beyond', async () => {
    const capacity = new HashingCapacity(1);
    const timed = performance.now();
    await capacity.run(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const hashMs = performance.now() - timed;
    const running = controlled();
    const first = capacity.run(running.work);
    let closed = false;
    const outcomes = Array.from({ length: Math.ceil((2 * MAX_HASH_WAIT_MS) / hashMs) }, () =>
      capacity
        .run(() => Promise.resolve('hashed'))
        .then(
          () => 'ran',
          () => (closed ? 'waited' : 'refused'),
        ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    closed = true;
    capacity.close();
    running.finish();
    await first;
    const results = await Promise.all(outcomes);
    const waited = results.filter((r) => r === 'waited').length;
    // As many as fit in MAX_HASH_WAIT_MS at the measured pace waited; the others were refused at once.
    expect(waited).toBeGreaterThanOrEqual(Math.floor(MAX_HASH_WAIT_MS / hashMs) - 1);
    expect(waited).toBeLessThanOrEqual(Math.ceil(MAX_HASH_WAIT_MS / hashMs));
    expect(results.filter((r) => r === 'refused').length).toBe(results.length - waited);
  });

  it('once closed (shutdown), refuses what waits and what comes; the running hash finishes', async () => {
    const capacity = new HashingCapacity(1);
    const running = controlled();
    const first = capacity.run(running.work);
    const waiting = capacity.run(controlled().work);
    capacity.close();
    await expect(waiting).rejects.toMatchObject({ code: 'server_busy' });
    await expect(capacity.run(controlled().work)).rejects.toMatchObject({ code: 'server_busy' });
    running.finish();
    expect(await first).toBe('hashed');
  });
});
