import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, type DateStyle } from '@datekit/runtime/i18n/format';

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
 * Writes a date in the page's language (`formatDate`) and the reader's time zone. Only for what renders
 * after hydration: the build does not know the reader's zone.
 */
export function useFormatDate(): (date: Date | string | number, style: DateStyle) => string {
  const { i18n } = useTranslation();
  return (date, style) => formatDate(date, i18n.language, style);
}
