import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFakeBuild } from '../test/fake-build.ts';
import { loadBuiltSite } from './built-site.ts';
import { INLINE_SCRIPTS_FILE, inlineScriptHashes } from './inline-scripts.ts';

let dist: string;
beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-built-site-'));
  writeFakeBuild(dist, 'alpha.test');
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

const file = (name: string) => path.join(dist, 'alpha.test', name);

describe('a brand build read at start', () => {
  it('is served when routes.json, every page it names and the script hashes are there', () => {
    fs.writeFileSync(file(INLINE_SCRIPTS_FILE), JSON.stringify({ script_hashes: ["'sha256-abc='"] }));
    const build = loadBuiltSite(dist, 'alpha.test');
    expect(build.state).toBe('built');
    if (build.state !== 'built') return;
    expect(build.site.manifest.languages).toEqual(['en', 'nl']);
    expect(build.site.routes.map((r) => r.path)).toEqual(['/']);
    expect(build.site.scriptHashes).toEqual(["'sha256-abc='"]);
  });

  it('is unbuilt without routes.json', () => {
    expect(loadBuiltSite(dist, 'beta.test')).toEqual({ state: 'unbuilt' });
  });

  it('takes the script hashes from the pages of a build older than inline-scripts.json', () => {
    fs.rmSync(file(INLINE_SCRIPTS_FILE));
    fs.writeFileSync(file('en/index.html'), '<!doctype html><script>go()</script>');
    const build = loadBuiltSite(dist, 'alpha.test');
    expect(build.state === 'built' && build.site.scriptHashes).toEqual(inlineScriptHashes('<script>go()</script>'));
  });

  it.each([
    ['a truncated routes.json', 'routes.json', '{"languages": ["en"', /^is not valid JSON \(/],
    [
      'routes.json of another shape',
      'routes.json',
      '{"languages": [], "notFound": "404.html", "routes": []}',
      /^is not what the build writes \(languages: /,
    ],
    ['routes.json that is not an object', 'routes.json', '[]', /^is not what the build writes \(/],
    ['an unreadable inline-scripts.json', INLINE_SCRIPTS_FILE, '{"script_hashes": ', /^is not valid JSON/],
    [
      'inline-scripts.json of another shape',
      INLINE_SCRIPTS_FILE,
      '{"script_hashes": "x"}',
      /^is not what the build writes \(script_hashes: /,
    ],
  ])('is damaged with %s, naming the file', (_, name, content, problem) => {
    fs.writeFileSync(file(name), content);
    const build = loadBuiltSite(dist, 'alpha.test');
    expect(build).toMatchObject({ state: 'damaged', file: path.join('alpha.test', name) });
    expect(build.state === 'damaged' && build.problem).toMatch(problem);
  });

  it('is damaged when a page routes.json names is missing, in any language', () => {
    fs.rmSync(file('nl/index.html'));
    fs.rmSync(file('nl/404.html'));
    expect(loadBuiltSite(dist, 'alpha.test')).toEqual({
      state: 'damaged',
      file: path.join('alpha.test', 'routes.json'),
      problem: `names pages that are missing: ${path.join('alpha.test', 'nl', '404.html')} and 1 more`,
    });
  });

  it('is damaged when routes.json names a page outside its directory', () => {
    const manifest = JSON.parse(fs.readFileSync(file('routes.json'), 'utf8')) as { notFound: string };
    manifest.notFound = '../../../etc/passwd';
    fs.writeFileSync(file('routes.json'), JSON.stringify(manifest));
    const build = loadBuiltSite(dist, 'alpha.test');
    expect(build.state === 'damaged' && build.problem).toMatch(/^names pages that are missing: /);
  });

  it('is damaged when routes.json cannot be read', () => {
    fs.rmSync(file('routes.json'));
    fs.mkdirSync(file('routes.json'));
    expect(loadBuiltSite(dist, 'alpha.test')).toMatchObject({ state: 'damaged', problem: 'cannot be read (EISDIR)' });
  });
});
