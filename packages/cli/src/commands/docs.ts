import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type * as Reference from '../brand/reference.ts';
import { ROOT } from '../paths.ts';

/** Where the generated reference goes; the staleness test reads the same paths. */
export const REFERENCE_FILE = path.join(ROOT, 'docs', 'brand-reference.md');
export const README_FILE = path.join(ROOT, 'README.md');

/** A production install (`npm ci --omit=dev`, the image) has no development dependencies. */
class DevDependencyMissingError extends Error {}

/**
 * The renderer formats its Markdown with prettier, a devDependency: it is loaded here, when `docs`
 * runs, never when the CLI starts, because a production install (`npm ci --omit=dev`, the image) has
 * no prettier and every other command must still load.
 */
async function loadRenderer(): Promise<typeof Reference> {
  try {
    return await import('../brand/reference.ts');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String(error).includes("'prettier'")) {
      throw new DevDependencyMissingError(
        'datekit docs needs prettier, a development dependency: run `npm install` without --omit=dev first',
      );
    }
    throw error;
  }
}

/** Regenerates `docs/brand-reference.md` and the brand block of the README from the schemas. */
export async function writeBrandDocs(log: (line: string) => void = (line) => console.log(line)): Promise<void> {
  const { renderBrandReference, renderReadmeBlock, spliceReadmeBlock } = await loadRenderer();
  await mkdir(path.dirname(REFERENCE_FILE), { recursive: true });
  await writeFile(REFERENCE_FILE, await renderBrandReference());
  log(`wrote ${path.relative(process.cwd(), REFERENCE_FILE)}`);
  const readme = await readFile(README_FILE, 'utf8');
  await writeFile(README_FILE, spliceReadmeBlock(readme, await renderReadmeBlock()));
  log(`updated the brand reference block of ${path.relative(process.cwd(), README_FILE)}`);
}

/** `datekit docs`: says a production install's missing prettier in one line instead of a stack. */
export async function docsCommand(): Promise<void> {
  try {
    await writeBrandDocs();
  } catch (error) {
    if (!(error instanceof DevDependencyMissingError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
