import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server render and during hydration, true afterwards: lets an island render what only
 * the browser knows (the URL, storage) without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
