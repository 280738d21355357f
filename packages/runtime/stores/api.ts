import type { ApiErrorBody } from '../errors.ts';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/client.ts';
import { pathFor } from '../routes.ts';

type AuthListener = (body: ApiErrorBody) => void;

const authListeners = new Set<AuthListener>();
type ClientOptions = Omit<ApiClientOptions, 'onAuthenticationRequired' | 'onBanned'>;
let clientOptions: ClientOptions = {};
let client: ApiClient | undefined;

/**
 * The API client the stores share. Every 403 with `authentication_required` reaches the listeners
 * below; a banned or suspended member's answer takes the browser to the brand's ban page.
 */
export function api(): ApiClient {
  client ??= createApiClient({
    ...clientOptions,
    onAuthenticationRequired: (body) => {
      for (const listener of authListeners) listener(body);
    },
    onBanned: () => {
      const banPage = pathFor('pages-ban');
      if (isBrowser() && window.location.pathname !== banPage) window.location.assign(banPage);
    },
  });
  return client;
}

/** Replaces the network boundary (a fake `fetch` in tests, another `baseUrl` in a native shell). */
export function configureApi(options: ClientOptions): void {
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
