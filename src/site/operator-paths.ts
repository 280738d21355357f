import { LOCALES, type Locale } from '../../packages/runtime/data/locales.ts';

/** What every page under `src/pages/operator/[lang]/` receives. */
export interface OperatorPageProps {
  lang: Locale;
}

/**
 * The console in every language that has `locales/<lang>/operator.json` (all of them); the build
 * installs `operator/<lang>/` as `dist/_operator/<lang>/`, served on the operator host only.
 */
export function operatorLanguagePaths() {
  return LOCALES.map((lang) => ({ params: { lang }, props: { lang } satisfies OperatorPageProps }));
}
