import scope from 'virtual:datekit/scope';
import { LOCALES, type Locale } from '@datekit/runtime/data/locales';

/** What every page under `src/pages/operator/[lang]/` receives. */
export interface OperatorPageProps {
  lang: Locale;
}

/**
 * The console in every language that has `locales/<lang>/operator.json` (all of them); the build
 * installs `operator/<lang>/` as `dist/_operator/<lang>/`, served on the operator host only.
 */
export function operatorLanguagePaths() {
  // `datekit build` renders the console in one of its Astro runs only: the one whose scope names it
  // (packages/cli/src/build/operator-site.ts, OPERATOR_SCOPE).
  if (scope && !scope.includes('_operator')) return [];
  return LOCALES.map((lang) => ({ params: { lang }, props: { lang } satisfies OperatorPageProps }));
}
