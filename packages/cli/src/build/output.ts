import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_PAGE_SHELL, NOT_FOUND_SHELL } from '@datekit/runtime/routes';

/**
 * The error pages: Astro writes `404/index.html` and `500/index.html`; the server answers unknown
 * paths with `404.html` (the manifest's notFound) and its own failures with `500.html`.
 */
const ERROR_PAGES = [
  { built: path.join('404', 'index.html'), shell: NOT_FOUND_SHELL },
  { built: path.join('500', 'index.html'), shell: ERROR_PAGE_SHELL },
];

/** The shared, content-hashed scripts and styles of every brand (`build.assets` in the Astro config). */
export const ASSETS_DIR = '_astro';

/** HTML pages under `dir`, as paths relative to it with `/` separators. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Moves the error pages of a language directory to where the server looks for them. */
export async function placeErrorPages(langDir: string): Promise<void> {
  for (const page of ERROR_PAGES) {
    const from = path.join(langDir, page.built);
    if (!existsSync(from)) continue;
    await rename(from, path.join(langDir, page.shell));
    await rm(path.dirname(from), { recursive: true, force: true });
  }
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Puts a freshly built brand directory in place of the old one. The old one is renamed aside first,
 * so the live directory is only ever missing between two renames on the same file system.
 */
export async function replaceDirectory(built: string, target: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const aside = `${target}.old-${process.pid}-${Date.now()}`;
  const hadOld = existsSync(target);
  if (hadOld) await rename(target, aside);
  await move(built, target);
  if (hadOld) await rm(aside, { recursive: true, force: true });
}

/**
 * Installs the shared assets. After a build of every brand the directory is replaced, dropping files
 * no page uses any more; after a build of some brands the new files are added beside the old ones,
 * which the other brands' pages still reference (names are content hashes, so nothing is overwritten
 * with different content).
 */
export async function installAssets(stagingDir: string, distDir: string, replace: boolean): Promise<void> {
  const built = path.join(stagingDir, ASSETS_DIR);
  const target = path.join(distDir, ASSETS_DIR);
  if (!existsSync(built)) return;
  if (replace) return replaceDirectory(built, target);
  await mkdir(target, { recursive: true });
  for (const entry of await readdir(built, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(built, path.join(entry.parentPath, entry.name));
    const destination = path.join(target, relative);
    if (existsSync(destination)) continue;
    await mkdir(path.dirname(destination), { recursive: true });
    await move(path.join(built, relative), destination);
  }
}

/** Renames, or copies and deletes when `from` and `to` are on different file systems. */
export async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

/** Brand directories in `distDir` that an earlier build wrote (they hold a routes.json). */
export async function builtBrandDirectories(distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && existsSync(path.join(distDir, entry.name, 'routes.json')))
    .map((entry) => entry.name);
}
