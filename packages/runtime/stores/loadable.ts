import { onMount, task, type WritableAtom } from 'nanostores';
import { isBrowser } from './api.ts';
import { singleFlight } from './single-flight.ts';
import { $user } from './user.ts';

/** The one shape of a store's data from the server: each island renders these four states. */
export type Loadable<T> =
  /** Nothing asked yet, or nobody to load for (logged out). */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  /** The first load failed; a later load that fails keeps the data already shown. */
  | { status: 'failed'; error: unknown };

export interface Loader<T> {
  /** The data, joining a load in flight (or starting one): callers that only need it. */
  load(): Promise<T>;
  /** A load that starts after this call (one, however many callers meanwhile): the data as it is now. */
  refresh(): Promise<T>;
  /** Sets the store and forgets the loads in flight: their answers do not land (another member, a closed screen). */
  reset(state: Loadable<T>): void;
}

/** Where a loader keeps its state: a store, or one key of a map store (`$regions` by country). */
export interface LoadableSlot<T> {
  readonly value: Loadable<T>;
  set(state: Loadable<T>): void;
}

/**
 * The one loader of a Loadable store: concurrent calls share one request (`singleFlight`), an answer
 * lands only if no `reset` came after its request started, and a failure shows only when nothing
 * is shown yet. Every load answers the data or throws the error, so an action can wait for it.
 */
export function createLoader<T>($store: LoadableSlot<T>, fetch: () => Promise<T>): Loader<T> {
  let generation = 0;
  // `.value`, never `.get()`: reading an unmounted store with get() mounts it, which would start a load.
  const run = (): Promise<T> =>
    task(async () => {
      const started = generation;
      if ($store.value.status === 'idle') $store.set({ status: 'loading' });
      try {
        const data = await fetch();
        if (started === generation) $store.set({ status: 'ready', data });
        return data;
      } catch (error) {
        if (started === generation && $store.value.status !== 'ready') $store.set({ status: 'failed', error });
        throw error;
      }
    });
  let flight = singleFlight(run);
  return {
    load: () => flight.shared(),
    refresh: () => flight.fresh(),
    reset(state) {
      generation += 1;
      flight = singleFlight(run);
      $store.set(state);
    },
  };
}

export interface KeyedLoader<K, T> {
  /** Shows `key`'s data: a load for it that starts after this call (the same key: a refresh). */
  open(key: K): Promise<T>;
  /** The shown key's data again: a load that starts after this call. */
  refresh(): Promise<T>;
  /** Runs a change the page makes (a write), then shows the open key afresh; answers the write's answer. */
  change<A>(write: () => Promise<A>): Promise<A>;
}

export interface KeyedLoaderOptions {
  /** True while a load of the open key is on its way: for an island that dims what it shows meanwhile. */
  $loading?: WritableAtom<boolean>;
  /**
   * A failed load of a newly opened key shows the failure instead of the earlier key's data (the
   * search: results of other filters must not stand for these), where a console page keeps them.
   */
  failureReplacesOtherKey?: boolean;
}

/**
 * The loader of a store keyed by what the island shows (a console page's brand, filter or member, the
 * search's query): `createLoader` over the key last opened. Opening another key forgets the loads for
 * the earlier one (their answers never land, and their requests are aborted through `fetch`'s signal)
 * but keeps what is shown until the new answer comes, so a page changing its filter dims its figures
 * rather than blanking them (an island that must not show another key's data keeps the key in the
 * data: `$funnel`). Keys are equal when their JSON is.
 */
export function createKeyedLoader<K, T>(
  $store: LoadableSlot<T>,
  fetch: (key: K, signal: AbortSignal) => Promise<T>,
  options: KeyedLoaderOptions = {},
): KeyedLoader<K, T> {
  let shown: { key: K; json: string } | null = null;
  let controller = new AbortController();
  const loader = createLoader($store, () => fetch(shown!.key, controller.signal));
  // The newest load asked for: only its end clears `$loading`.
  let latest: Promise<T> | undefined;
  const track = (load: Promise<T>): Promise<T> => {
    latest = load;
    options.$loading?.set(true);
    const settled = () => {
      if (latest === load) options.$loading?.set(false);
    };
    load.then(settled, settled);
    return load;
  };
  const refresh = () => (shown ? track(loader.refresh()) : Promise.reject(new Error('nothing opened yet')));
  return {
    open(key) {
      const json = JSON.stringify(key);
      if (shown?.json === json) return refresh();
      const opened = (shown = { key, json });
      controller.abort();
      controller = new AbortController();
      const kept = $store.value.status === 'idle' ? { status: 'loading' as const } : $store.value;
      loader.reset(kept);
      const load = track(loader.refresh());
      if (options.failureReplacesOtherKey && kept.status === 'ready') {
        load.catch((error: unknown) => {
          // Still this key, and still the other key's data on screen (no answer landed since).
          if (shown === opened && $store.value === kept) $store.set({ status: 'failed', error });
        });
      }
      return load;
    },
    refresh,
    async change(write) {
      const answer = await write();
      await refresh();
      return answer;
    },
  };
}

/** The data of a Loadable when it is ready, else undefined: for islands that render only the data. */
export function loadedData<T>(state: Loadable<T>): T | undefined {
  return state.status === 'ready' ? state.data : undefined;
}

/**
 * The runtime's one convention: a store loads when its first listener arrives (an island mounts), in
 * the browser only (the build's render must not call the API), with a load that starts then.
 * `once`: a catalogue that does not change during a page (gifts, interests) loads only until it is
 * ready; after a failure the next mount tries again.
 */
export function loadOnMount<T>(
  $store: WritableAtom<Loadable<T>>,
  loader: Loader<T>,
  options: { once?: boolean } = {},
): void {
  onMount($store, () => {
    if (!isBrowser()) return;
    if (options.once && $store.value?.status === 'ready') return;
    void (options.once ? loader.load() : loader.refresh()).catch(() => undefined);
  });
}

/**
 * For the logged-in member's own data: while the store is listened to, it loads for each member who
 * logs in (a load for the previous member does not land) and is idle while nobody is logged in.
 * `whileMember` runs for each member (a refresh timer, say) and answers its stop.
 */
export function loadForMember<T>(
  $store: WritableAtom<Loadable<T>>,
  loader: Loader<T>,
  whileMember: () => () => void = () => () => undefined,
): void {
  onMount($store, () => {
    if (!isBrowser()) return;
    let memberId: number | null | undefined;
    let stop = () => {};
    const unbind = $user.subscribe((user) => {
      const id = user === undefined ? undefined : (user?.profile.id ?? null);
      if (id === memberId) return;
      memberId = id;
      stop();
      stop = () => {};
      if (id === undefined) {
        loader.reset($store.value ?? { status: 'idle' });
        return;
      }
      if (id === null) {
        loader.reset({ status: 'idle' });
        return;
      }
      loader.reset({ status: 'loading' });
      void loader.refresh().catch(() => undefined);
      stop = whileMember();
    });
    return () => {
      unbind();
      stop();
      // Not an answer for a store nobody listens to: the next listener starts over.
      loader.reset($store.value ?? { status: 'idle' });
    };
  });
}
