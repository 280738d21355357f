import fs from 'node:fs';
import path from 'node:path';
import { NICHE_SLUGS } from '@datekit/runtime/data/niches';
import { writeFakeBuild } from './fake-build.ts';

/** The landers of {@link writeFakeLanderBuild}: the page text names which one was sent. */
export const FAKE_LANDERS = ['gallery', 'video'] as const;

/**
 * A fake build of `domain` with lander pages as `datekit build` lays them out: `/landers/tinderswipe`,
 * `/landers/<variant>/{slug?}` with its generic shell and one prerendered page per niche slug, and a
 * member landing page. Each page says which lander it is (`lander gallery/milf`) and carries a signup
 * call to action.
 */
export function writeFakeLanderBuild(distDir: string, domain: string, languages: readonly string[] = ['en']): void {
  writeFakeBuild(distDir, domain, languages);
  const root = path.join(distDir, domain);
  const page = (name: string) =>
    `<!doctype html><html><head><title>${name}</title></head><body><h1>lander ${name}</h1><a href="/signup" data-signup-cta>Sign up</a></body></html>`;
  const write = (lang: string, shell: string, name: string) => {
    fs.mkdirSync(path.dirname(path.join(root, lang, shell)), { recursive: true });
    fs.writeFileSync(path.join(root, lang, shell), page(name));
  };
  const routes: object[] = [
    { name: 'index', path: '/', shell: 'index.html', layout: 'default', auth: false },
    { name: 'signup', path: '/signup', shell: 'signup/index.html', layout: 'default', auth: false },
    {
      name: 'landers-tinderswipe',
      path: '/landers/tinderswipe',
      shell: 'landers/tinderswipe/index.html',
      layout: 'lander',
      auth: false,
    },
    {
      name: 'members-id-landing',
      path: '/members/{id}/landing',
      shell: 'members/_id/landing/index.html',
      layout: 'lander',
      auth: false,
    },
  ];
  for (const lang of languages) {
    write(lang, 'signup/index.html', 'signup');
    write(lang, 'landers/tinderswipe/index.html', 'tinderswipe');
    write(lang, 'members/_id/landing/index.html', 'member-landing');
  }
  for (const variant of FAKE_LANDERS) {
    routes.push({
      name: `landers-${variant}-slug`,
      path: `/landers/${variant}/{slug?}`,
      shell: `landers/${variant}/_slug/index.html`,
      layout: 'lander',
      auth: false,
      params: { slug: NICHE_SLUGS },
    });
    for (const lang of languages) {
      write(lang, `landers/${variant}/_slug/index.html`, variant);
      for (const slug of NICHE_SLUGS) write(lang, `landers/${variant}/${slug}/index.html`, `${variant}/${slug}`);
    }
  }
  fs.writeFileSync(
    path.join(root, 'routes.json'),
    JSON.stringify({ domain, languages, notFound: '404.html', routes }, null, 2),
  );
}
