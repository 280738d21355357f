import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import type { memberResponseSchema } from '../schemas/api/members.ts';
import type { memberRoute } from '../schemas/api/contracts/members.ts';
import { createApiClient, type ApiClient } from './client.ts';
import { contractPath, splitKey, type ApiAnswer, type ApiInput, type ContractKey } from './contract.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

function recordingClient(answer: unknown) {
  const urls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    urls.push({ url: String(url), init: init ?? {} });
    return json(answer);
  });
  return { api: createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }), urls };
}

describe('route contracts', () => {
  it('give the answer its type from the response schema, by the contract or its key', () => {
    type Member = z.output<typeof memberResponseSchema>;
    expectTypeOf<ApiAnswer<'GET /api/member.php'>>().toEqualTypeOf<Member>();
    expectTypeOf<ApiAnswer<typeof memberRoute>>().toEqualTypeOf<Member>();
    const { api } = recordingClient({});
    expectTypeOf(api.call('GET /api/member.php', { query: { id: 1 } })).resolves.toEqualTypeOf<Member>();
  });

  it('check the input at compile time: query, body and path parameters', () => {
    expectTypeOf<ApiInput<'GET /api/member.php'>['query']>().toEqualTypeOf<{ id: number }>();
    expectTypeOf<ApiInput<'POST /api/like.php'>['body']>().toEqualTypeOf<{ profile_id: number }>();
    expectTypeOf<ApiInput<'POST /api/operator/members/:id/notes'>['params']>().toEqualTypeOf<
      Record<'id', string | number>
    >();
    // Neither the key nor the input can be wrong.
    expectTypeOf<'GET /api/nothing.php'>().not.toExtend<ContractKey>();
    expectTypeOf<'DELETE /api/member.php'>().not.toExtend<ContractKey>();
    expectTypeOf<{ query: { id: 'x' } }>().not.toExtend<ApiInput<'GET /api/member.php'>>();
    expectTypeOf<{ body: { profile: 1 } }>().not.toExtend<ApiInput<'POST /api/like.php'>>();
    expectTypeOf<{ body: { profile_id: 1 } }>().toExtend<ApiInput<'POST /api/like.php'>>();
    // A route without a body or query takes none; one whose input is all optional may be called without it.
    expectTypeOf<{ body: { a: 1 } }>().not.toExtend<ApiInput<'GET /api/likes.php'>>();
    // Checked by the compiler (tsc --noEmit), never run: each @ts-expect-error must meet its error.
    const compileOnly = (api: ApiClient) => [
      api.call('GET /api/likes.php'),
      api.call('POST /api/sessions-end.php', {}, { retries: 0 }),
      // @ts-expect-error the member's id is required
      api.call('GET /api/member.php'),
      // @ts-expect-error no route has this key
      api.call('GET /api/nothing.php'),
      // @ts-expect-error a like names its `profile_id`
      api.call('POST /api/like.php', { body: { profile: 1 } }),
      // @ts-expect-error the note's member is a path parameter
      api.call('POST /api/operator/members/:id/notes', { body: { body: 'x' } }),
    ];
    expect(compileOnly).toBeTypeOf('function');
  });

  it('send the method, the path with its parameters, the query and the body', async () => {
    const { api, urls } = recordingClient({ ok: true });
    await api.call('POST /api/operator/members/:id/notes', { params: { id: 7 }, body: { body: 'Checked' } });
    await api.call('GET /api/member.php', { query: { id: 3 } });
    expect(urls.map((u) => `${u.init.method} ${u.url}`)).toEqual([
      'POST /api/operator/members/7/notes',
      'GET /api/member.php?id=3',
    ]);
    expect(JSON.parse(urls[0]!.init.body as string)).toEqual({ body: 'Checked' });
    expect(urls[1]!.init.body).toBeUndefined();
  });

  it('encode path parameters and refuse a missing one', () => {
    expect(contractPath('/api/x/:id/y', { id: 'a/b' })).toBe('/api/x/a%2Fb/y');
    expect(() => contractPath('/api/x/:id', {})).toThrow(/id is missing/);
    expect(splitKey('GET /api/a b')).toEqual({ method: 'GET', path: '/api/a b' });
  });
});
