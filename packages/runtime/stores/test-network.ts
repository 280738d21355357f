import { vi } from 'vitest';

/** A scripted network for store tests: answers by "METHOD path" and records every request. */
export function scriptedFetch(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const route = routes[`${method} ${url.split('?')[0]}`];
    if (!route) throw new TypeError(`no fake answer for ${method} ${url}`);
    return route();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
