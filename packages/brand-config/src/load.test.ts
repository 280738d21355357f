import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { THEME_DEFAULTS } from '@datekit/runtime/schemas/brand';
import { formatProblem, loadBrands } from './load.ts';

const FIXTURES = fileURLToPath(new URL('../test-fixtures/brands/', import.meta.url));

/** Loads one scenario folder; problems are formatted with paths relative to it, so snapshots are stable. */
async function load(scenario: string, domains?: string[]) {
  const dir = path.join(FIXTURES, scenario);
  const { brands, problems } = await loadBrands({ dir, ...(domains ? { domains } : {}) });
  return { brands, report: problems.map((p) => formatProblem(p, dir)).join('\n') };
}

describe('valid brands', () => {
  test('loads every brand of a folder in file-name order', async () => {
    const { brands, report } = await load('valid');
    expect(report).toBe('');
    expect(brands.map((b) => b.domain)).toEqual(['fixture.example', 'second.example']);
  });

  test('loads only the domains asked for', async () => {
    const { brands, report } = await load('valid', ['second.example']);
    expect(report).toBe('');
    expect(brands.map((b) => b.domain)).toEqual(['second.example']);
  });

  test('errors if a domain asked for has no brand file', async () => {
    const { brands, report } = await load('valid', ['fixture.exampel', 'nowhere.dk']);
    expect(brands).toEqual([]);
    expect(report).toMatchInlineSnapshot(`
      "fixture.exampel.yaml:1:1 there is no brand file for "fixture.exampel"; did you mean "fixture.example"?
      nowhere.dk.yaml:1:1 there is no brand file for "nowhere.dk"; the brands are: fixture.example, second.example"
    `);
  });

  test('the brands of this repository are all valid', async () => {
    const { brands, problems } = await loadBrands();
    expect(problems.map((p) => formatProblem(p))).toEqual([]);
    expect(brands.map((b) => `${b.domain}: ${b.languages.join(' ')}`)).toEqual([
      'flirtnord.dk: da en',
      'localhost: en nl',
      'reifeliebe.de: de en fr it',
    ]);
  });
});

describe('defaults and derived fields', () => {
  test('fills every default and computes the derived fields once', async () => {
    const { brands, report } = await load('defaults');
    expect(report).toBe('');
    const [brand] = brands;
    expect(brand).toMatchObject({
      niche: { id: 6, slug: 'milf' },
      signups: 'all',
      aliases: [],
      payment_methods: ['creditcard', 'paypal'],
      message_credits: 10,
      currencies: ['EUR', 'CHF'],
      company: { tradenames: [], vat_numbers: [], delete_discount: 0 },
    });
  });

  test('derives the languages from the countries plus English when none are given', async () => {
    const [brand] = (await load('defaults')).brands;
    // BE brings nl, fr, de; CH brings de, fr, it; English is always added.
    expect(brand?.languages).toEqual(['de', 'en', 'fr', 'it', 'nl']);
    expect(brand?.default_language).toBe('nl');
  });

  test('colours the unread-messages badge like primary unless told otherwise', async () => {
    const [brand] = (await load('defaults')).brands;
    expect(brand?.theme).toEqual({ ...THEME_DEFAULTS, unread_messages: THEME_DEFAULTS.primary });
  });

  test('computes the minimum message costs from the bundle with the lowest price per credit', async () => {
    const [brand] = (await load('defaults')).brands;
    // big: 99 EUR / 500 credits * 10 credits a message = 1.98; 110 CHF / 500 * 10 = 2.20.
    expect(brand?.minimum_message_costs).toEqual({
      BE: { costs: 1.98, currency: 'EUR' },
      CH: { costs: 2.2, currency: 'CHF' },
    });
  });
});

describe('problems within one file', () => {
  test('errors on a YAML syntax error, naming its line', async () => {
    const { brands, report } = await load('yaml-syntax-error');
    expect(brands).toEqual([]);
    expect(report).toMatchInlineSnapshot(
      `"broken.example.yaml:10:1 name: YAML syntax: this key appears twice in the same mapping; keep one"`,
    );
  });

  test('errors if the file is empty, listing the required fields', async () => {
    expect((await load('empty-file')).report).toMatchInlineSnapshot(
      `"empty.example.yaml:1:1 the file is empty; it needs at least these fields: name, domain, domain_language, index_title, description, countries, niche, support_phone, support_email, credit_bundles, company"`,
    );
  });

  test('errors if a required field is missing, pointing at the mapping that lacks it', async () => {
    expect((await load('missing-field')).report).toMatchInlineSnapshot(`
      "missing.example.yaml:2:1 index_title: missing; this field is required
        example: index_title: Flirt Nord – dating for singles in Denmark
      missing.example.yaml:15:3 company.kvk: missing; this field is required
        example: kvk: "38291746""
    `);
  });

  test('errors if a value has the wrong type, with a hint for unquoted numbers and single values', async () => {
    expect((await load('wrong-type')).report).toMatchInlineSnapshot(`
      "types.example.yaml:7:12 countries: must be a list, not the text "NL"; write [NL] for a list of one
        example: countries: [DK]
      types.example.yaml:13:14 credit_bundles[0].credits: must be a number, not the text "fifty"
        example: credits: 50
      types.example.yaml:18:8 company.kvk: must be text, not the number 12345678; put it in quotes: "12345678"
        example: kvk: "38291746""
    `);
  });

  test('errors on unknown keys, suggesting the closest known one', async () => {
    expect((await load('unknown-key')).report).toMatchInlineSnapshot(`
      "typo.example.yaml:10:1 suport_email: unknown field "suport_email"; did you mean "support_email"?
        example: support_email: support@flirtnord.dk
      typo.example.yaml:13:5 credit_bundles[0].credit: unknown field "credit"; did you mean "credits"?
        example: credits: 50
      typo.example.yaml:20:3 company.colour: unknown field "colour"; use one of: name, address, kvk, city, country, tradenames, vat_numbers, support_phone, delete_discount, added"
    `);
  });

  test('errors if a value is not among the allowed ones, listing them', async () => {
    expect((await load('bad-enum')).report).toMatchInlineSnapshot(`
      "enum.example.yaml:7:13 countries[0]: "nl" is not one of: NL, BE, LU, DE, AT, CH, DK, NO, SE, FI, PL, FR, IT, ES, IE, GB, US; did you mean "NL"?
        example: countries: [NL]
      enum.example.yaml:9:10 signups: "everyone" is not one of: all, with_trafficsource, closed
        example: signups: all
      enum.example.yaml:15:15 credit_bundles[0].prices.EURO: "EURO" is not allowed here; did you mean "EUR"?
        example: prices: {EUR: 19.95, DKK: 149}"
    `);
  });
});

describe('problems YAML hides', () => {
  test('errors on an unquoted colour that YAML read as a comment, showing the quoted form', async () => {
    expect((await load('comment-colour')).report).toMatchInlineSnapshot(`
      "colour.example.yaml:10:3 theme.primary: is empty: an unquoted # starts a comment, so YAML ignores #7a2e5c; put the value in quotes
        example: primary: "#7a2e5c""
    `);
  });

  test('errors on a colon in an unquoted title, showing the quoted form', async () => {
    expect((await load('colon-in-title')).report).toMatchInlineSnapshot(`
      "colon.example.yaml:5:1 index_title: YAML syntax: the value of index_title contains ": " (a colon and a space), which YAML reads as the start of another key; put the whole value in quotes
        example: index_title: "Fixture Flirt: dating for singles""
    `);
  });

  test('suggests the language a country code stands for, and the country a language code stands for', async () => {
    expect((await load('country-as-language')).report).toMatchInlineSnapshot(`
      "codes.example.yaml:7:17 countries[1]: "UK" is not one of: NL, BE, LU, DE, AT, CH, DK, NO, SE, FI, PL, FR, IT, ES, IE, GB, US; did you mean "GB"? (the United Kingdom’s country code is GB; English is en)
        example: countries: [NL, GB]
      codes.example.yaml:8:17 languages[1]: "se" is not one of: da, de, en, es, fi, fr, it, nl, nb, pl, sv, no; did you mean "sv"? (SE is the country Sweden; Swedish is sv)
        example: languages: [nl, sv, da]
      codes.example.yaml:8:21 languages[2]: "dk" is not one of: da, de, en, es, fi, fr, it, nl, nb, pl, sv, no; did you mean "da"? (DK is the country Denmark; Danish is da)
        example: languages: [nl, sv, da]"
    `);
  });
});

describe('problems across fields', () => {
  test('errors if domain_language is not among the languages', async () => {
    expect((await load('domain-language')).report).toMatchInlineSnapshot(`
      "language.example.yaml:4:18 domain_language: "fr-BE" is not among the site's languages (en, nl); add "fr" to \`languages\` or pick one of them
        example: domain_language: en"
    `);
  });

  test("errors if a bundle has no price in a country's currency", async () => {
    expect((await load('bundle-without-price')).report).toMatchInlineSnapshot(`
      "prices.example.yaml:14:13 credit_bundles[0].prices: bundle "starter" has no price in CHF (CH); every currency of the brand's countries needs one
        example: prices: {EUR: 19.95, DKK: 149, CHF: 19.9}"
    `);
  });

  test('errors on an unknown niche, by id and by slug', async () => {
    expect((await load('unknown-niche')).report).toMatchInlineSnapshot(`
      "id.example.yaml:8:8 niche: there is no niche 9; use an id or slug: 1 (default), 2 (she), 3 (bdsm), 4 (bbw), 5 (gilf), 6 (milf), 7 (gay)
        example: niche: milf
      slug.example.yaml:8:8 niche: there is no niche "milff"; use an id or slug: 1 (default), 2 (she), 3 (bdsm), 4 (bbw), 5 (gilf), 6 (milf), 7 (gay); did you mean "milf"?
        example: niche: milf"
    `);
  });
});

describe('problems across files', () => {
  test('errors if the domain differs from the file name', async () => {
    const { brands, report } = await load('domain-not-file-name');
    expect(brands).toEqual([]);
    expect(report).toMatchInlineSnapshot(`
      "right.example.yaml:3:9 domain: "wrong.example" does not match the file name right.example.yaml; rename the file to wrong.example.yaml or set the domain to right.example
        example: domain: right.example"
    `);
  });

  test('errors if two files claim one host, naming both files', async () => {
    const { brands, report } = await load('duplicate-host');
    expect(brands.map((b) => b.domain)).toEqual(['first.example']);
    expect(report).toMatchInlineSnapshot(`
      "second.example.yaml:4:11 aliases[0]: "www.first.example" (that is, "first.example") is claimed by both first.example.yaml (domain) and second.example.yaml (aliases[0]); a host can serve only one brand, so remove it from one of them
      second.example.yaml:4:30 aliases[1]: "shared.example" is claimed by both first.example.yaml (aliases[0]) and second.example.yaml (aliases[1]); a host can serve only one brand, so remove it from one of them"
    `);
  });

  test('reports a host clash on the file being checked when the other file is not', async () => {
    const { brands, report } = await load('duplicate-host', ['first.example']);
    expect(brands).toEqual([]);
    expect(report).toMatchInlineSnapshot(`
      "first.example.yaml:3:9 domain: "first.example" is claimed by both first.example.yaml (domain) and second.example.yaml (aliases[0]); a host can serve only one brand, so remove it from one of them
      first.example.yaml:4:11 aliases[0]: "shared.example" is claimed by both first.example.yaml (aliases[0]) and second.example.yaml (aliases[1]); a host can serve only one brand, so remove it from one of them"
    `);
  });

  test('errors on a brand file ending in .yml instead of skipping it', async () => {
    expect((await load('wrong-extension')).report).toMatchInlineSnapshot(
      `"short.example.yml:1:1 brand files end in .yaml; rename this one to short.example.yaml"`,
    );
  });

  test('errors if the logo file does not exist', async () => {
    expect((await load('missing-logo')).report).toMatchInlineSnapshot(
      `"logo.example.yaml:9:7 logo: there is no file assets/nowhere.svg beside the brand files"`,
    );
  });
});
