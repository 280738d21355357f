import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ASSETS_DIR } from './output.ts';

// A page's own scripts, as Astro writes them: `<script type="module" src="/_astro/…">`.
const PAGE_SCRIPT = /<script type="module" src="\/_astro\/([^"]+)"/g;
// The static imports of a bundled chunk: `import"./x.js"`, `from"./x.js"` (never `import("./x.js")`).
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*"\.\/([^"]+\.js)"/g;
const CHARSET = '<meta charset="utf-8">';

/**
 * Announces every chunk a page's own scripts import, however deep, as `<link rel="modulepreload">` at
 * the top of its head. A browser finds a module's imports only once the module itself arrived, so the
 * search page's request waited for two rounds of scripts (its script, then the store and API client it
 * imports); over HTTP/1.1 on a phone that delayed the first pictures (issue 13, Lighthouse). They are
 * chunks the page loads anyway. Islands' code is left to load when an island hydrates.
 *
 * Answers a function that adds them to a page; it reads each chunk of `assetsDir` once.
 */
export function modulePreloader(assetsDir: string): (html: string) => Promise<string> {
  const importsOf = new Map<string, Promise<string[]>>();
  const directImports = (file: string): Promise<string[]> => {
    let imports = importsOf.get(file);
    if (!imports) {
      imports = readFile(path.join(assetsDir, file), 'utf8').then((code) =>
        [...code.matchAll(STATIC_IMPORT)].map((match) => match[1]!),
      );
      importsOf.set(file, imports);
    }
    return imports;
  };

  return async (html) => {
    const scripts = [...html.matchAll(PAGE_SCRIPT)].map((match) => match[1]!);
    if (scripts.length === 0 || !html.includes(CHARSET)) return html;
    const imported = new Set<string>();
    const visit = async (file: string): Promise<void> => {
      for (const dependency of await directImports(file)) {
        if (imported.has(dependency) || scripts.includes(dependency)) continue;
        imported.add(dependency);
        await visit(dependency);
      }
    };
    for (const script of scripts) await visit(script);
    if (imported.size === 0) return html;
    const links = [...imported].map((file) => `<link rel="modulepreload" href="/${ASSETS_DIR}/${file}">`).join('');
    return html.replace(CHARSET, `${CHARSET}${links}`);
  };
}
