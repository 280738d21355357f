import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtBrandDirectories, htmlFiles, installAssets, placeErrorPages, replaceDirectory } from './output.ts';

let root: string;

async function put(file: string, text = file) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

const at = (file: string) => path.join(root, file);

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'datekit-output-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('build output', () => {
  it('lists the pages of a language directory', async () => {
    await put('en/index.html');
    await put('en/activate/done/index.html');
    await put('en/favicon.svg');
    expect(await htmlFiles(at('en'))).toEqual(['activate/done/index.html', 'index.html']);
  });

  it('moves the 404 and 500 pages to where the server looks for them', async () => {
    await put('en/404/index.html', 'not found');
    await put('en/500/index.html', 'error');
    await placeErrorPages(at('en'));
    expect(await readFile(at('en/404.html'), 'utf8')).toBe('not found');
    expect(await readFile(at('en/500.html'), 'utf8')).toBe('error');
    expect(existsSync(at('en/404'))).toBe(false);
    expect(existsSync(at('en/500'))).toBe(false);
  });

  it('replaces one brand and leaves the others alone', async () => {
    await put('dist/localhost/en/index.html', 'old');
    await put('dist/localhost/routes.json', '{}');
    await put('dist/flirtnord.dk/routes.json', '{}');
    await put('staging/localhost/en/index.html', 'new');
    await replaceDirectory(at('staging/localhost'), at('dist/localhost'));
    expect(await readFile(at('dist/localhost/en/index.html'), 'utf8')).toBe('new');
    expect(existsSync(at('dist/localhost/routes.json'))).toBe(false);
    expect(await builtBrandDirectories(at('dist'))).toEqual(['flirtnord.dk']);
  });

  it('adds new assets beside the ones other brands still use', async () => {
    await put('dist/_astro/old.abc.js');
    await put('staging/_astro/new.def.js');
    await installAssets(at('staging'), at('dist'), false);
    expect(existsSync(at('dist/_astro/old.abc.js'))).toBe(true);
    expect(existsSync(at('dist/_astro/new.def.js'))).toBe(true);
  });

  it('replaces the assets after a build of every brand', async () => {
    await put('dist/_astro/old.abc.js');
    await put('staging/_astro/new.def.js');
    await installAssets(at('staging'), at('dist'), true);
    expect(existsSync(at('dist/_astro/old.abc.js'))).toBe(false);
    expect(existsSync(at('dist/_astro/new.def.js'))).toBe(true);
  });
});
