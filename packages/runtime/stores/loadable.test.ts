import { atom, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeyedLoader, createLoader, loadForMember, loadOnMount, type Loadable } from './loadable.ts';
import { $user } from './user.ts';
import { testMember, testProfile } from '../test-fixtures.ts';

/** A fetch whose answers the test gives by hand, in any order. */
function deferredFetch<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const fetch = vi.fn(() => new Promise<T>((resolve, reject) => pending.push({ resolve, reject })));
  return { fetch, pending };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
});
afterEach(() => vi.unstubAllGlobals());

describe('createLoader', () => {
  it('shares one request among concurrent loads, and refresh asks once more after one in flight', async () => {
    const $store = atom<Loadable<number>>({ status: 'idle' });
    const { fetch, pending } = deferredFetch<number>();
    const loader = createLoader($store, fetch);
    const shared = [loader.load(), loader.load()];
    expect($store.get()).toEqual({ status: 'loading' });
    const fresh = [loader.refresh(), loader.refresh()];
    expect(fetch).toHaveBeenCalledTimes(1);
    pending[0]!.resolve(1);
    expect(await Promise.all(shared)).toEqual([1, 1]);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    pending[1]!.resolve(2);
    expect(await Promise.all(fresh)).toEqual([2, 2]);
    expect($store.get()).toEqual({ status: 'ready', data: 2 });
  });

  it('lets no answer land that started before a reset', async () => {
    const $store = atom<Loadable<string>>({ status: 'idle' });
    const { fetch, pending } = deferredFetch<string>();
    const loader = createLoader($store, fetch);
    const stale = loader.load();
    loader.reset({ status: 'loading' });
    const current = loader.load();
    expect(fetch).toHaveBeenCalledTimes(2);
    pending[1]!.resolve('new member');
    await current;
    pending[0]!.resolve('old member');
    await stale;
    expect($store.get()).toEqual({ status: 'ready', data: 'new member' });
  });

  it('shows a failure only while nothing is shown, and throws it to the caller', async () => {
    const $store = atom<Loadable<string>>({ status: 'idle' });
    const { fetch, pending } = deferredFetch<string>();
    const loader = createLoader($store, fetch);
    const first = loader.load();
    pending[0]!.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    expect($store.get()).toMatchObject({ status: 'failed' });
    const second = loader.load();
    pending[1]!.resolve('shown');
    await second;
    const third = loader.load();
    pending[2]!.reject(new Error('offline again'));
    await expect(third).rejects.toThrow('offline again');
    expect($store.get()).toEqual({ status: 'ready', data: 'shown' });
  });
});

describe('loadOnMount', () => {
  it('loads when the first listener arrives, in the browser only', async () => {
    const $store = atom<Loadable<number>>({ status: 'loading' });
    const fetch = vi.fn(async () => 7);
    loadOnMount($store, createLoader($store, fetch));
    vi.stubGlobal('window', undefined);
    keepMount($store);
    expect(fetch).not.toHaveBeenCalled();
    cleanStores($store);
    await settle();
    vi.stubGlobal('window', {});
    keepMount($store);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect($store.get()).toEqual({ status: 'ready', data: 7 });
    cleanStores($store);
  });
});

describe('loadForMember', () => {
  afterEach(() => cleanStores($user));

  it('loads for each member who logs in, is idle when logged out, and drops the previous member’s answer', async () => {
    const $store = atom<Loadable<string>>({ status: 'idle' });
    const { fetch, pending } = deferredFetch<string>();
    const stops: number[] = [];
    loadForMember($store, createLoader($store, fetch), () => () => stops.push(1));
    $user.set(testMember(testProfile(1, { name: 'Anna' }), 0));
    keepMount($store);
    expect($store.get()).toEqual({ status: 'loading' });
    $user.set(testMember(testProfile(2, { name: 'Ben' }), 0));
    expect(stops).toHaveLength(1);
    pending[0]!.resolve('for Anna');
    pending[1]!.resolve('for Ben');
    await settle();
    expect($store.get()).toEqual({ status: 'ready', data: 'for Ben' });
    $user.set(null);
    expect($store.get()).toEqual({ status: 'idle' });
    expect(fetch).toHaveBeenCalledTimes(2);
    cleanStores($store);
  });
});

describe('createKeyedLoader', () => {
  it('drops the answer for the key opened before, and keeps what is shown until the new key answers', async () => {
    const $store = atom<Loadable<string>>({ status: 'idle' });
    const { fetch, pending } = deferredFetch<string>();
    const loader = createKeyedLoader($store, (brand: string) => fetch().then((answer) => `${brand}: ${answer}`));
    const first = loader.open('alpha.test');
    expect($store.get()).toEqual({ status: 'loading' });
    const second = loader.open('beta.test');
    pending[1]!.resolve('b');
    await second;
    pending[0]!.resolve('a');
    await first;
    expect($store.get()).toEqual({ status: 'ready', data: 'beta.test: b' });
    const third = loader.open('gamma.test');
    expect($store.get()).toEqual({ status: 'ready', data: 'beta.test: b' });
    pending[2]!.resolve('c');
    await third;
    expect($store.get()).toEqual({ status: 'ready', data: 'gamma.test: c' });
  });

  it('refreshes the same key without hiding what is shown, and compares object keys by value', async () => {
    const $store = atom<Loadable<number>>({ status: 'idle' });
    const { fetch, pending } = deferredFetch<number>();
    const loader = createKeyedLoader($store, (_filter: { brand: string }) => fetch());
    const first = loader.open({ brand: 'alpha.test' });
    pending[0]!.resolve(1);
    await first;
    const again = loader.open({ brand: 'alpha.test' });
    expect($store.get()).toEqual({ status: 'ready', data: 1 });
    await settle();
    pending[1]!.resolve(2);
    await again;
    const refreshed = loader.refresh();
    await settle();
    pending[2]!.resolve(3);
    expect(await refreshed).toBe(3);
    expect($store.get()).toEqual({ status: 'ready', data: 3 });
  });

  it('aborts the request for the key opened before', async () => {
    const $store = atom<Loadable<string>>({ status: 'idle' });
    const signals: AbortSignal[] = [];
    const { fetch } = deferredFetch<string>();
    const loader = createKeyedLoader($store, (_brand: string, signal) => {
      signals.push(signal);
      return fetch();
    });
    void loader.open('alpha.test').catch(() => undefined);
    expect(signals.map((signal) => signal.aborted)).toEqual([false]);
    void loader.open('beta.test');
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it('tells while the open key loads, until the newest load ends', async () => {
    const $store = atom<Loadable<string>>({ status: 'idle' });
    const $loading = atom(false);
    const { fetch, pending } = deferredFetch<string>();
    const loader = createKeyedLoader($store, (_brand: string) => fetch(), { $loading });
    const first = loader.open('alpha.test');
    const second = loader.open('beta.test');
    expect($loading.get()).toBe(true);
    pending[0]!.resolve('a');
    await first;
    expect($loading.get()).toBe(true);
    pending[1]!.reject(new Error('down'));
    await expect(second).rejects.toThrow('down');
    expect($loading.get()).toBe(false);
  });

  it('on request, shows the failure of a new key instead of the data of the one before', async () => {
    const keep = atom<Loadable<string>>({ status: 'idle' });
    const replace = atom<Loadable<string>>({ status: 'idle' });
    const fetch = (brand: string) =>
      brand === 'alpha.test' ? Promise.resolve('a') : Promise.reject(new Error('down'));
    const keeping = createKeyedLoader(keep, fetch);
    const replacing = createKeyedLoader(replace, fetch, { failureReplacesOtherKey: true });
    for (const loader of [keeping, replacing]) {
      await loader.open('alpha.test');
      await expect(loader.open('beta.test')).rejects.toThrow('down');
    }
    expect(keep.get()).toEqual({ status: 'ready', data: 'a' });
    expect(replace.get()).toMatchObject({ status: 'failed', error: { message: 'down' } });
  });

  it('runs a change, then loads the open key afresh, and answers the change', async () => {
    const $store = atom<Loadable<number>>({ status: 'idle' });
    let stored = 1;
    const loader = createKeyedLoader($store, async (_brand: string) => stored);
    await loader.open('alpha.test');
    const answer = await loader.change(async () => {
      stored = 2;
      return 'written';
    });
    expect(answer).toBe('written');
    expect($store.get()).toEqual({ status: 'ready', data: 2 });
  });
});
