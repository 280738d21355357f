import type { ApiErrorBody } from '../errors.ts';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/client.ts';

type AuthListener = (body: ApiErrorBody) => void;

const authListeners = new Set<AuthListener>();
let clientOptions: Omit<ApiClientOptions, 'onAuthenticationRequired'> = {};
let client: ApiClient | undefined;

/** The API client the stores share. Every 403 with `authentication_required` reaches the listeners below. */
export function api(): ApiClient {
  client ??= createApiClient({
    ...clientOptions,
    onAuthenticationRequired: (body) => {
      for (const listener of authListeners) listener(body);
    },
  });
  return client;
}

/** Replaces the network boundary (a fake `fetch` in tests, another `baseUrl` in a native shell). */
export function configureApi(options: Omit<ApiClientOptions, 'onAuthenticationRequired'>): void {
  clientOptions = options;
  client = undefined;
}

/** Runs `listener` whenever the server says the session is gone (spec §8); answers the unsubscribe. */
export function onAuthenticationRequired(listener: AuthListener): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

/** Stores fetch only in the browser: a server-side render (the Astro build) must not call the API. */
export function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}
