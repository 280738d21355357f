import { COUNTRIES, type CountryCode, type Currency } from '../../data/countries.ts';
import { LOCALES, toLocale, type Locale } from '../../data/locales.ts';

/** Languages visitors can pick: the brand's list, or its countries' languages plus English, in locale order. */
export function visibleLanguages(countries: readonly CountryCode[], explicit?: readonly string[]): Locale[] {
  const wanted = new Set<Locale>();
  if (explicit) {
    for (const tag of explicit) {
      const locale = toLocale(tag);
      if (locale) wanted.add(locale);
    }
  } else {
    for (const country of countries) for (const lang of COUNTRIES[country].languages) wanted.add(lang);
    wanted.add('en');
  }
  return LOCALES.filter((l) => wanted.has(l));
}

/** The currencies of a brand's countries, in the order of the countries, each once. */
export function brandCurrencies(countries: readonly CountryCode[]): Currency[] {
  return [...new Set(countries.map((c) => COUNTRIES[c].currency))];
}

export type MessageCosts = Partial<Record<CountryCode, { costs: number; currency: Currency }>>;

/** The cheapest price of one message per country, from the bundle with the lowest price per credit. */
export function minimumMessageCosts(brand: {
  countries: readonly CountryCode[];
  message_credits: number;
  credit_bundles: readonly { credits: number; prices: Partial<Record<Currency, number>> }[];
}): MessageCosts {
  const costs: MessageCosts = {};
  for (const country of brand.countries) {
    const currency = COUNTRIES[country].currency;
    const perCredit = Math.min(...brand.credit_bundles.map((b) => (b.prices[currency] ?? Infinity) / b.credits));
    if (Number.isFinite(perCredit)) {
      costs[country] = { costs: Math.round(perCredit * brand.message_credits * 100) / 100, currency };
    }
  }
  return costs;
}
