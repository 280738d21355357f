import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alphaBrand } from '../../../server/test/fixture-brands.ts';
import { loadBrands } from '@datekit/brand-config';
import { BRAND_ARTEFACT_FILE, readBrandArtefact, writeBrandArtefact } from './brand-artefact.ts';

let dist: string;
beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-brand-artefact-'));
  fs.mkdirSync(path.join(dist, 'alpha.test'));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

const file = () => path.join(dist, 'alpha.test', BRAND_ARTEFACT_FILE);

describe("a brand's settings as its build wrote them", () => {
  it('read back as the brand the build validated', async () => {
    await writeBrandArtefact(path.join(dist, 'alpha.test'), alphaBrand);
    expect(await readBrandArtefact(dist, 'alpha.test')).toEqual({ state: 'built', brand: alphaBrand });
    expect(fs.readdirSync(path.join(dist, 'alpha.test'))).toEqual([BRAND_ARTEFACT_FILE]);
  });

  it('read back as they were for every brand of this repository (the schema validates them again)', async () => {
    const { brands } = await loadBrands();
    for (const brand of brands) {
      fs.mkdirSync(path.join(dist, brand.domain), { recursive: true });
      await writeBrandArtefact(path.join(dist, brand.domain), brand);
      expect(await readBrandArtefact(dist, brand.domain)).toEqual({ state: 'built', brand });
    }
  });

  it('are none for a brand not built, or built before the file existed', async () => {
    expect(await readBrandArtefact(dist, 'alpha.test')).toEqual({ state: 'none' });
    expect(await readBrandArtefact(dist, 'beta.test')).toEqual({ state: 'none' });
  });

  it.each([
    ['cut short', () => JSON.stringify(alphaBrand).slice(0, 80), /^is not valid JSON \(/],
    ['not an object', () => JSON.stringify([alphaBrand]), /^is not what the build writes$/],
    [
      'of another shape',
      () => JSON.stringify({ domain: 'alpha.test' }),
      /^does not fit this version's brand schema \(name: /,
    ],
    [
      'no longer fitting the schema',
      () => JSON.stringify({ ...alphaBrand, signup_credits: 'lots' }),
      /^does not fit this version's brand schema \(signup_credits: .*\): run datekit build$/,
    ],
    [
      'of another brand',
      () => JSON.stringify({ ...alphaBrand, domain: 'beta.test' }),
      /^is the settings of beta\.test, not of alpha\.test$/,
    ],
  ])('are damaged when %s, naming the file', async (_, content, problem) => {
    fs.writeFileSync(file(), content());
    const artefact = await readBrandArtefact(dist, 'alpha.test');
    expect(artefact).toMatchObject({ state: 'damaged', file: path.join('alpha.test', BRAND_ARTEFACT_FILE) });
    expect(artefact.state === 'damaged' && artefact.problem).toMatch(problem);
  });

  it('are damaged when the file cannot be read', async () => {
    fs.mkdirSync(file());
    expect(await readBrandArtefact(dist, 'alpha.test')).toMatchObject({
      state: 'damaged',
      problem: 'cannot be read (EISDIR)',
    });
  });
});
