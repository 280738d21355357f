import type { z } from 'zod';
import { COUNTRIES, type CountryCode, type Currency } from '../../data/countries.ts';
import { toLocale } from '../../data/locales.ts';
import { EXAMPLE_BUNDLE_PRICES } from './credits.ts';
import { brandCurrencies, visibleLanguages, type MessageCosts } from './derived.ts';

/**
 * Extra data a custom issue may carry in `params`, read by the CLI's error formatter:
 * `example` is a correct value for the field at the issue's path, `choices` the values a typo is
 * compared with for a did-you-mean.
 */
export interface BrandIssueParams {
  example?: unknown;
  choices?: readonly string[];
}

/** What the cross-field checks read of a brand whose fields are each valid. */
export interface CheckedBrand {
  domain_language: string;
  countries: CountryCode[];
  languages?: string[] | undefined;
  credit_bundles: { id: string; prices: Partial<Record<Currency, number>>; popular: boolean }[];
  minimum_message_costs?: MessageCosts | undefined;
}

type Report = (path: PropertyKey[], message: string, params?: BrandIssueParams) => void;

/** Every check that needs more than one field, reporting through zod's refinement context. */
export function checkAcrossFields(brand: CheckedBrand, ctx: z.RefinementCtx): void {
  const report: Report = (path, message, params) =>
    ctx.addIssue({ code: 'custom', path, message, ...(params ? { params } : {}) });
  checkDomainLanguage(brand, report);
  checkBundlePrices(brand, report);
  checkBundleIds(brand, report);
  checkOnePopularBundle(brand, report);
  checkMessageCostOverrides(brand, report);
}

function checkDomainLanguage(brand: CheckedBrand, report: Report): void {
  const languages = visibleLanguages(brand.countries, brand.languages);
  const main = toLocale(brand.domain_language);
  const tag = `"${brand.domain_language}"`;
  if (!main) {
    report(['domain_language'], `${tag} is not a language datekit has; use one of: ${languages.join(', ')}`, {
      example: languages[0],
    });
  } else if (!languages.includes(main)) {
    const fix = `add "${main}" to \`languages\` or pick one of them`;
    report(['domain_language'], `${tag} is not among the site's languages (${languages.join(', ')}); ${fix}`, {
      example: languages[0],
    });
  }
}

/** Every bundle needs a price in the currency of each of the brand's countries. */
function checkBundlePrices(brand: CheckedBrand, report: Report): void {
  const currencies = brandCurrencies(brand.countries);
  brand.credit_bundles.forEach((bundle, index) => {
    const missing = currencies.filter((currency) => bundle.prices[currency] === undefined);
    if (missing.length === 0) return;
    const paying = (currency: Currency) => brand.countries.filter((c) => COUNTRIES[c].currency === currency);
    const which = missing.map((currency) => `${currency} (${paying(currency).join(', ')})`).join(' and ');
    const example = { ...bundle.prices };
    for (const currency of missing) example[currency] = EXAMPLE_BUNDLE_PRICES[currency];
    report(
      ['credit_bundles', index, 'prices'],
      `bundle "${bundle.id}" has no price in ${which}; every currency of the brand's countries needs one`,
      { example },
    );
  });
}

/** Bundle ids appear in URLs (`/credits/{id}`), so each must be unique. */
function checkBundleIds(brand: CheckedBrand, report: Report): void {
  const ids = brand.credit_bundles.map((b) => b.id);
  ids.forEach((id, index) => {
    const first = ids.indexOf(id);
    if (first !== index) {
      report(['credit_bundles', index, 'id'], `bundle id "${id}" is already used by credit_bundles[${first}]`);
    }
  });
}

function checkOnePopularBundle(brand: CheckedBrand, report: Report): void {
  const popular = brand.credit_bundles.flatMap((b, index) => (b.popular ? [index] : []));
  for (const index of popular.slice(1)) {
    const message = `only one bundle can be the most chosen; credit_bundles[${popular[0]}] already is`;
    report(['credit_bundles', index, 'popular'], message, { example: false });
  }
}

/** An override of the message costs must name the brand's countries in their own currencies. */
function checkMessageCostOverrides(brand: CheckedBrand, report: Report): void {
  for (const [country, cost] of Object.entries(brand.minimum_message_costs ?? {}) as [
    CountryCode,
    { currency: Currency },
  ][]) {
    const currency = COUNTRIES[country].currency;
    if (!brand.countries.includes(country)) {
      const message = `${country} is not one of the brand's countries (${brand.countries.join(', ')})`;
      report(['minimum_message_costs', country], message);
    } else if (cost.currency !== currency) {
      const message = `must be ${currency}, the currency of ${country}`;
      report(['minimum_message_costs', country, 'currency'], message, { example: currency });
    }
  }
}
