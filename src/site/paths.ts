import brands from 'virtual:datekit/brands';
import type { Locale } from '../../packages/runtime/data/locales.ts';
import type { Brand } from '../../packages/runtime/schemas/brand/index.ts';

/** What every page under `src/pages/[domain]/[lang]/` receives. */
export interface PageProps {
  brand: Brand;
  lang: Locale;
}

/** One static path per brand and visible language: the `getStaticPaths` of every page. */
export function brandLanguagePaths() {
  return brands.flatMap((brand) =>
    brand.languages.map((lang) => ({
      params: { domain: brand.domain, lang },
      props: { brand, lang } satisfies PageProps,
    })),
  );
}
