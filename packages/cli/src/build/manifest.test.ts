import { describe, expect, it } from 'vitest';
import type { RouteDef } from '@datekit/runtime/routes';
import { buildRoutesManifest, type ManifestInput } from './manifest.ts';

const route = (name: string, path: string, auth = false): RouteDef => ({ name, path, layout: 'default', auth });

function built(files: Record<string, string[]>): ManifestInput['hasShell'] {
  return (lang, shell) => files[lang]?.includes(shell) ?? false;
}

describe('buildRoutesManifest', () => {
  it('lists every built route with its shell, layout and auth', () => {
    const { manifest } = buildRoutesManifest({
      domain: 'localhost',
      languages: ['en', 'nl'],
      routes: [route('index', '/'), route('login', '/login'), route('activate-done', '/activate/done')],
      hasShell: () => true,
    });
    expect(manifest).toEqual({
      domain: 'localhost',
      languages: ['en', 'nl'],
      routes: [
        { name: 'index', path: '/', shell: 'index.html', layout: 'default', auth: false },
        { name: 'login', path: '/login', shell: 'login/index.html', layout: 'default', auth: false },
        {
          name: 'activate-done',
          path: '/activate/done',
          shell: 'activate/done/index.html',
          layout: 'default',
          auth: false,
        },
      ],
      notFound: '404.html',
    });
  });

  it('maps dynamic routes to their one prerendered shell, keeping the spec’s path syntax', () => {
    const { manifest } = buildRoutesManifest({
      domain: 'flirtnord.dk',
      languages: ['da'],
      routes: [route('members-id', '/members/{id}', true), route('transactions-id', '/transactions/{id?}', true)],
      hasShell: built({ da: ['members/_id/index.html', 'transactions/_id/index.html'] }),
    });
    expect(manifest.routes).toEqual([
      { name: 'members-id', path: '/members/{id}', shell: 'members/_id/index.html', layout: 'default', auth: true },
      {
        name: 'transactions-id',
        path: '/transactions/{id?}',
        shell: 'transactions/_id/index.html',
        layout: 'default',
        auth: true,
      },
    ]);
  });

  it('leaves out routes that no page builds yet', () => {
    const result = buildRoutesManifest({
      domain: 'localhost',
      languages: ['en'],
      routes: [route('index', '/'), route('chats', '/chats', true)],
      hasShell: built({ en: ['index.html'] }),
    });
    expect(result.manifest.routes.map((r) => r.name)).toEqual(['index']);
    expect(result.unbuilt).toEqual(['chats']);
  });

  it('reports a route missing in some languages instead of serving it half', () => {
    const result = buildRoutesManifest({
      domain: 'reifeliebe.de',
      languages: ['de', 'en', 'fr'],
      routes: [route('login', '/login')],
      hasShell: built({ de: ['login/index.html'], en: ['login/index.html'] }),
    });
    expect(result.manifest.routes).toEqual([]);
    expect(result.incomplete).toEqual([{ route: 'login', missing: ['fr'] }]);
  });
});
