import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { NICHES } from '@datekit/runtime/data/niches';
import { loadNiches } from './niches.ts';
import { formatProblem } from './problem.ts';

const FIXTURES = fileURLToPath(new URL('../test-fixtures/niches/', import.meta.url));

test('the seven niches of this repository load, in id order, matching the constant list', async () => {
  const { niches, problems } = await loadNiches();
  expect(problems.map((p) => formatProblem(p))).toEqual([]);
  expect(niches.map((n) => ({ id: n.id, slug: n.slug }))).toEqual(NICHES.map((n) => ({ id: n.id, slug: n.slug })));
  expect(niches.find((n) => n.slug === 'gay')?.search_defaults.gender).toBe('male');
  for (const niche of niches) expect(niche.hero.headline).toBe(`niche.${niche.slug}.headline`);
});

test('errors on broken, foreign and missing niche files', async () => {
  const dir = path.join(FIXTURES, 'broken');
  const { niches, problems } = await loadNiches({ dir });
  expect(niches).toEqual([]);
  expect(problems.map((p) => formatProblem(p, dir)).join('\n')).toMatchInlineSnapshot(`
    "bbw.yaml:1:1 the niche "bbw" has no file; every niche needs one
    bdsm.yaml:1:1 the niche "bdsm" has no file; every niche needs one
    cougar.yaml:1:1 "cougar" is not one of the seven niches (default, she, bdsm, bbw, gilf, milf, gay); remove the file
    default.yaml:1:1 the niche "default" has no file; every niche needs one
    gay.yaml:2:5 id: the niche "gay" has id 7, not 6
      example: id: 7
    gay.yaml:10:12 hero.subline: copy keys of this niche start with "niche.gay."
      example: subline: niche.gay.subline
    gilf.yaml:1:1 the niche "gilf" has no file; every niche needs one
    milf.yaml:7:12 search_defaults.max_age: must not be below min_age
      example: max_age: 65
    milf.yaml:13:3 theme.acent: unknown field "acent"; did you mean "accent"?
      example: accent: "#b5446e"
    she.yaml:1:1 the niche "she" has no file; every niche needs one"
  `);
});
