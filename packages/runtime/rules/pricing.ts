import { COUNTRIES, type CountryCode, type Currency } from '../data/countries.ts';
import type { Locale } from '../data/locales.ts';

/**
 * Prices on the pricing and credits pages are shown in the currency of the country the page's
 * language belongs to, among the brand's countries: German on a DE/AT/CH brand pays in euros, Italian
 * on the same brand in Swiss francs, English on a Danish brand in kroner.
 */
export function pricingCountry(lang: Locale, countries: readonly CountryCode[]): CountryCode {
  const first = countries[0];
  if (!first) throw new Error('A brand serves at least one country');
  // A country whose main language this is wins over one where it is one of several (BE for fr).
  return (
    countries.find((country) => COUNTRIES[country].languages[0] === lang) ??
    countries.find((country) => (COUNTRIES[country].languages as readonly string[]).includes(lang)) ??
    first
  );
}

export interface PriceFormat {
  country: CountryCode;
  currency: Currency;
  /** BCP 47 tag for Intl: the page's language as written in that country (`de-CH`, `en-DK`). */
  locale: string;
}

export function priceFormat(lang: Locale, countries: readonly CountryCode[]): PriceFormat {
  const country = pricingCountry(lang, countries);
  return { country, currency: COUNTRIES[country].currency, locale: `${lang}-${country}` };
}

/** An amount in the page's currency and its local way of writing it (`€ 14,95`, `149,00 kr.`). */
export function formatPrice(amount: number, format: PriceFormat): string {
  return new Intl.NumberFormat(format.locale, { style: 'currency', currency: format.currency }).format(amount);
}

export interface BundleLike {
  id: string;
  credits: number;
  prices: Partial<Record<Currency, number>>;
  popular: boolean;
}

export interface PricedBundle {
  id: string;
  credits: number;
  popular: boolean;
  price: string;
  /** What one message costs when bought with this bundle. */
  perMessage: string;
  /** Percent saved per credit against the first (smallest) bundle, rounded; 0 for that one. */
  savingPercent: number;
}

/**
 * The brand's bundles with their prices written out, for the currency of `format`. A bundle without a
 * price in that currency is left out (brand validation requires one for each country's currency).
 */
export function pricedBundles(
  bundles: readonly BundleLike[],
  format: PriceFormat,
  messageCredits: number,
): PricedBundle[] {
  const priced = bundles.flatMap((bundle) => {
    const amount = bundle.prices[format.currency];
    return amount === undefined ? [] : [{ bundle, amount, perCredit: amount / bundle.credits }];
  });
  const base = priced[0]?.perCredit;
  return priced.map(({ bundle, amount, perCredit }) => ({
    id: bundle.id,
    credits: bundle.credits,
    popular: bundle.popular,
    price: formatPrice(amount, format),
    perMessage: formatPrice(perCredit * messageCredits, format),
    savingPercent: base ? Math.max(0, Math.round((1 - perCredit / base) * 100)) : 0,
  }));
}
