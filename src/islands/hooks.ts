import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale } from '../../packages/runtime/rules/date-locale.ts';

const noSubscription = () => () => undefined;

/**
 * False in the server render and during hydration, true afterwards: lets an island render what only
 * the browser knows (the URL, storage) without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The locale for times and dates (`dateLocale`): the page's language with the member's region from the
 * browser's languages. Only for what renders after hydration: the build knows neither.
 */
export function useDateLocale(): string {
  const { i18n } = useTranslation();
  return dateLocale(i18n.language, typeof navigator === 'undefined' ? [] : navigator.languages);
}
