import { type Locale, toLocale } from '@datekit/runtime/data/locales';

/**
 * The site's locales an Accept-Language header asks for, most wanted first (RFC 9110 §12.5.4):
 * `de-CH, en;q=0.8, *;q=0.1` -> de, en. Tags without a locale of ours, `*` and q=0 are left out.
 */
export function acceptedLocales(header: string | undefined): Locale[] {
  if (!header) return [];
  const ranked: { locale: Locale; q: number; order: number }[] = [];
  for (const [order, part] of header.split(',').entries()) {
    const [tag = '', ...params] = part.split(';').map((s) => s.trim());
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const locale = tag === '*' ? null : toLocale(tag);
    if (locale && Number.isFinite(q) && q > 0) ranked.push({ locale, q, order });
  }
  // Equal weights keep the header's order (sort is stable).
  ranked.sort((a, b) => b.q - a.q || a.order - b.order);
  return [...new Set(ranked.map((r) => r.locale))];
}
