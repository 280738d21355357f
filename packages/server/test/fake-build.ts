import fs from 'node:fs';
import path from 'node:path';
import { INLINE_SCRIPTS_FILE } from '../site/inline-scripts.ts';

/**
 * A minimal build of one brand in `distDir`, as `datekit build` lays it out: a home page and a
 * not-found page per language, routes.json naming them, the inline-script hashes beside it.
 */
export function writeFakeBuild(distDir: string, domain: string, languages: readonly string[] = ['en', 'nl']): void {
  const root = path.join(distDir, domain);
  for (const lang of languages) {
    fs.mkdirSync(path.join(root, lang), { recursive: true });
    fs.writeFileSync(path.join(root, lang, 'index.html'), `<!doctype html><h1>${domain} home ${lang}</h1>`);
    fs.writeFileSync(path.join(root, lang, '404.html'), `<!doctype html><h1>${domain} 404 ${lang}</h1>`);
  }
  const routes = [{ name: 'index', path: '/', shell: 'index.html', layout: 'default', auth: false }];
  fs.writeFileSync(
    path.join(root, 'routes.json'),
    JSON.stringify({ domain, languages, notFound: '404.html', routes }, null, 2),
  );
  fs.writeFileSync(path.join(root, INLINE_SCRIPTS_FILE), JSON.stringify({ script_hashes: [] }));
}
