import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, freePort, output, printed, sqliteEnv, stopped } from '../../../server/test/cli-process.ts';
import { writeFakeBuild } from '../../../server/test/fake-build.ts';
import { TestClient } from '../../../server/test/http-client.ts';
import { loadBrands } from '@datekit/brand-config';
import { BRAND_ARTEFACT_FILE, writeBrandArtefact } from '../build/brand-artefact.ts';
import { ROOT } from '../paths.ts';

const run = promisify(execFile);

/** Replaces one line of a copied brand or niche file; fails when the line is not there, so the test cannot pass vacuously. */
function edit(file: string, from: RegExp, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  if (!from.test(text)) throw new Error(`${from} is not in ${file}`);
  fs.writeFileSync(file, text.replace(from, to));
}

/**
 * A deploy of the repository's brands where brands went wrong in four ways: reifeliebe.de's file is
 * invalid (and it has no brand.json, as a build made before that file existed), flirtnord.dk's
 * routes.json is cut short, gay.test's niche file is invalid, torn.test's brand.json is cut short. The
 * demo brand (localhost) is fine, and half.test's half-edited file never reaches members.
 */
let dir: string;
let port: number;
let child: ChildProcess;
/** What `datekit serve` printed so far. */
let said: () => string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-serve-brands-'));
  const brands = path.join(dir, 'brands');
  const niches = path.join(dir, 'niches');
  const dist = path.join(dir, 'dist');
  fs.cpSync(path.join(ROOT, 'brands'), brands, { recursive: true });
  fs.cpSync(path.join(ROOT, 'niches'), niches, { recursive: true });
  edit(path.join(brands, 'reifeliebe.de.yaml'), /^signup_credits: 24$/m, 'signup_credits: lots');
  fs.copyFileSync(path.join(brands, 'localhost.yaml'), path.join(brands, 'gay.test.yaml'));
  edit(path.join(brands, 'gay.test.yaml'), /^domain: localhost.*$/m, 'domain: gay.test');
  edit(path.join(brands, 'gay.test.yaml'), /^aliases: .*$/m, '');
  edit(path.join(brands, 'gay.test.yaml'), /^niche: default$/m, 'niche: gay');
  edit(path.join(niches, 'gay.yaml'), /^ {2}gender: male$/m, '  gender: robot');
  for (const domain of ['localhost', 'flirtnord.dk', 'reifeliebe.de', 'gay.test']) writeFakeBuild(dist, domain);
  const routes = path.join(dist, 'flirtnord.dk', 'routes.json');
  fs.writeFileSync(routes, fs.readFileSync(routes, 'utf8').slice(0, 30));

  // half.test was built (with its settings, brand.json), then its file was half edited: the build's
  // settings are served. torn.test's brand.json is cut short.
  for (const domain of ['half.test', 'torn.test']) {
    const file = path.join(brands, `${domain}.yaml`);
    fs.copyFileSync(path.join(brands, 'localhost.yaml'), file);
    edit(file, /^domain: localhost.*$/m, `domain: ${domain}`);
    edit(file, /^aliases: .*$/m, '');
    edit(file, /^name: .*$/m, 'name: As Built');
    const {
      brands: [brand],
      problems,
    } = await loadBrands({ dir: brands, domains: [domain] });
    expect(problems).toEqual([]);
    writeFakeBuild(dist, domain);
    await writeBrandArtefact(path.join(dist, domain), brand!);
  }
  edit(path.join(brands, 'half.test.yaml'), /^name: As Built$/m, 'name: Half Edited');
  edit(path.join(brands, 'half.test.yaml'), /^signup_credits: 20$/m, 'signup_credits: lots');
  const torn = path.join(dist, 'torn.test', BRAND_ARTEFACT_FILE);
  fs.writeFileSync(torn, fs.readFileSync(torn, 'utf8').slice(0, 50));

  port = await freePort();
  const env = sqliteEnv(path.join(dir, 'var'), port, {
    DATEKIT_BRANDS_DIR: brands,
    DATEKIT_NICHES_DIR: niches,
    DATEKIT_DIST_DIR: dist,
  });
  // The CLI's other commands work beside broken brands too.
  await run(process.execPath, [CLI, 'db', 'migrate'], { env, cwd: ROOT });
  child = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT });
  said = output(child);
  await printed(child, 'datekit serving');
}, 60_000);
afterAll(async () => {
  if (child) await stopped(child);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('datekit serve with one brand broken', () => {
  it('starts and serves the good brand: pages and API', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const browser = new TestClient(port, host);
      const home = await browser.get('/');
      expect(home.status).toBe(200);
      expect(home.text).toContain('localhost home en');
      const settings = await browser.get<{ domain?: string }>('/api/settings.php');
      expect(settings.status).toBe(200);
    }
  });

  it('names at start the brands it serves, and apart those out of service', async () => {
    // The two lines are written together; their chunks may reach this process one after the other.
    while (!said().includes('Out of service')) await new Promise((resolve) => setTimeout(resolve, 20));
    const serving = said()
      .split('\n')
      .find((line) => line.includes('datekit serving'))!;
    const outOfService = said()
      .split('\n')
      .find((line) => line.includes('Out of service'))!;
    for (const domain of ['flirtnord.dk', 'reifeliebe.de', 'gay.test', 'torn.test']) {
      expect(serving).not.toContain(domain);
      expect(outOfService).toContain(domain);
    }
    expect(serving).toContain('localhost');
  });

  it("serves a built brand with its build's settings while its file is half edited", async () => {
    const browser = new TestClient(port, 'half.test');
    expect((await browser.get('/')).status).toBe(200);
    const settings = await browser.get<{ settings: { name: string; signup_credits: number } }>('/api/settings.php');
    expect(settings.status).toBe(200);
    expect(settings.body.settings).toMatchObject({ name: 'As Built', signup_credits: 20 });
  });

  it.each([
    ['reifeliebe.de', 'Diese Website ist vorübergehend nicht erreichbar'],
    ['reifeliebe.at', 'Diese Website ist vorübergehend nicht erreichbar'],
    ['flirtnord.dk', 'Dette websted er midlertidigt utilgængeligt'],
    ['flirtnord.com', 'Dette websted er midlertidigt utilgængeligt'],
    ['gay.test', 'This website is temporarily unavailable'],
    ['torn.test', 'This website is temporarily unavailable'],
  ])('answers 503 with Retry-After on %s, pages and API', async (host, message) => {
    const browser = new TestClient(port, host);
    const page = await browser.get('/');
    expect(page.status).toBe(503);
    expect(page.headers['retry-after']).toBeDefined();
    expect(page.text).toContain(message);
    const api = await browser.get('/api/settings.php');
    expect(api.status).toBe(503);
    expect(api.body).toMatchObject({ error: 'site_unavailable' });
  });

  it('says what is wrong in /readyz, which stays 200', async () => {
    const ready = await new TestClient(port, 'probe').get<{ ready: boolean; brands: Record<string, string> }>(
      '/readyz',
    );
    expect(ready.status).toBe(200);
    expect(ready.body.ready).toBe(true);
    expect(ready.body.brands).toEqual({
      'flirtnord.dk': expect.stringMatching(/^flirtnord\.dk\/routes\.json is not valid JSON \(/),
      'gay.test': expect.stringMatching(/^niches\/gay\.yaml:\d+:\d+ search_defaults\.gender: /),
      'reifeliebe.de': expect.stringMatching(/^brands\/reifeliebe\.de\.yaml:\d+:\d+ signup_credits: /),
      'torn.test': expect.stringMatching(/^torn\.test\/brand\.json is not valid JSON \(/),
    });
  });

  it('logs one warning line per broken brand, naming the file and the problem', () => {
    const warnings = said()
      .split('\n')
      .filter((line) => line.includes('brand out of service'));
    expect(warnings).toHaveLength(4);
    expect(warnings.find((line) => line.includes('brand=flirtnord.dk'))).toMatch(
      /file=flirtnord\.dk\/routes\.json problem=is not valid JSON/,
    );
    expect(warnings.find((line) => line.includes('brand=reifeliebe.de'))).toMatch(
      /file=brands\/reifeliebe\.de\.yaml:\d+:\d+ problem=signup_credits: /,
    );
    expect(warnings.find((line) => line.includes('brand=gay.test'))).toMatch(/file=niches\/gay\.yaml:\d+:\d+ /);
  });
});
