import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { renderBrandReference, renderReadmeBlock, spliceReadmeBlock } from '../brand/reference.ts';
import { ROOT } from '../paths.ts';

/** Where the generated reference goes; the staleness test reads the same paths. */
export const REFERENCE_FILE = path.join(ROOT, 'docs', 'brand-reference.md');
export const README_FILE = path.join(ROOT, 'README.md');

/** Regenerates `docs/brand-reference.md` and the brand block of the README from the schemas. */
export async function writeBrandDocs(log: (line: string) => void = (line) => console.log(line)): Promise<void> {
  await mkdir(path.dirname(REFERENCE_FILE), { recursive: true });
  await writeFile(REFERENCE_FILE, await renderBrandReference());
  log(`wrote ${path.relative(process.cwd(), REFERENCE_FILE)}`);
  const readme = await readFile(README_FILE, 'utf8');
  await writeFile(README_FILE, spliceReadmeBlock(readme, await renderReadmeBlock()));
  log(`updated the brand reference block of ${path.relative(process.cwd(), README_FILE)}`);
}

export function registerDocs(program: Command): void {
  program
    .command('docs')
    .description('Regenerate docs/brand-reference.md and the README brand table from the brand schema')
    .action(async () => {
      await writeBrandDocs();
    });
}
