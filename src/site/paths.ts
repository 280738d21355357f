import brands from 'virtual:datekit/brands';
import scope from 'virtual:datekit/scope';
import type { Locale } from '@datekit/runtime/data/locales';
import type { Brand } from '@datekit/runtime/schemas/brand';

/** What every page under `src/pages/[domain]/[lang]/` receives. */
export interface PageProps {
  brand: Brand;
  lang: Locale;
}

const inScope = scope ? new Set(scope) : null;

/** Whether this build renders `brand` in `lang` (`datekit build` may render only some language versions). */
export function rendersLanguage(brand: Brand, lang: string): boolean {
  return !inScope || inScope.has(`${brand.domain}/${lang}`);
}

/** One static path per brand and visible language: the `getStaticPaths` of every page. */
export function brandLanguagePaths() {
  return brands.flatMap((brand) =>
    brand.languages
      .filter((lang) => rendersLanguage(brand, lang))
      .map((lang) => ({
        params: { domain: brand.domain, lang },
        props: { brand, lang } satisfies PageProps,
      })),
  );
}
