/**
 * The locale times and dates are written in: the page's language, with the member's region as their
 * browser states it (`navigator.languages`). An en-GB browser on the English site reads "14:05", an
 * en-US one "02:05 PM"; a Swiss German browser on the German site gets de-CH. A browser that names no
 * region for the page's language lends the region of its first language (a nl-NL browser reading the
 * English site gets en-NL, 24-hour time), when the platform knows that combination; otherwise the page's
 * language alone.
 */
export function dateLocale(
  pageLanguage: string,
  browserLanguages: readonly string[],
  supported: (tag: string) => boolean = isSupported,
): string {
  const language = baseLanguage(pageLanguage);
  const same = browserLanguages.find((tag) => baseLanguage(tag) === language && regionOf(tag) !== null);
  if (same && supported(same)) return same;
  const region = browserLanguages.map(regionOf).find((found) => found !== null);
  if (region) {
    const borrowed = `${pageLanguage}-${region}`;
    if (supported(borrowed)) return borrowed;
  }
  return pageLanguage;
}

/** `nb` and `no` are one language (spec §9); tags compare without case. */
function baseLanguage(tag: string): string {
  const base = tag.split('-')[0]!.toLowerCase();
  return base === 'no' ? 'nb' : base;
}

/** The region of a language tag (`en-GB` -> `GB`, `es-419` -> `419`), or null when it names none. */
function regionOf(tag: string): string | null {
  const region = tag
    .split('-')
    .slice(1)
    .find((part) => /^([a-z]{2}|\d{3})$/i.test(part));
  return region ? region.toUpperCase() : null;
}

function isSupported(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}
