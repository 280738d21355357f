import { describe, expect, it } from 'vitest';
import { compilePattern, compileRoutes, matchRoute, type ManifestRoute } from './route-matcher.ts';

const route = (name: string, path: string, params?: ManifestRoute['params']): ManifestRoute => ({
  name,
  path,
  shell: `${name}.html`,
  layout: 'default',
  auth: false,
  ...(params ? { params } : {}),
});

describe('route matching', () => {
  const routes = compileRoutes([
    route('index', '/'),
    route('likes-type', '/likes/{type}'),
    route('likes-m-id', '/likes/m/{id}'),
    route('transactions-id', '/transactions/{id?}'),
    route('landing2', '/members/{id}/landing2/{slug?}'),
    route('activate-done', '/activate/done'),
    route('landers-gallery-slug', '/landers/gallery/{slug?}', { slug: ['milf', 'default'] }),
  ]);

  it.each([
    ['/', 'index'],
    ['/likes/received', 'likes-type'],
    ['/likes/m/12', 'likes-m-id'],
    ['/transactions', 'transactions-id'],
    ['/transactions/9', 'transactions-id'],
    ['/members/4/landing2', 'landing2'],
    ['/members/4/landing2/milf', 'landing2'],
    ['/activate/done/', 'activate-done'],
    ['/landers/gallery', 'landers-gallery-slug'],
    ['/landers/gallery/milf', 'landers-gallery-slug'],
  ])('%s resolves to %s', (pathname, name) => {
    expect(matchRoute(routes, pathname)?.route.name).toBe(name);
  });

  it('captures parameters by name', () => {
    expect(matchRoute(routes, '/members/4/landing2/milf')?.params).toEqual({ id: '4', slug: 'milf' });
    expect(matchRoute(routes, '/transactions')?.params).toEqual({});
  });

  it.each(['/nope', '/likes', '/likes/m/1/2', '/activate/done.html', '/members//landing2', '/landers/gallery/bogus'])(
    '%s matches nothing',
    (pathname) => {
      expect(matchRoute(routes, pathname)).toBeNull();
    },
  );

  it('escapes literal segments', () => {
    expect(compilePattern('/a.b').test('/axb')).toBe(false);
  });
});
