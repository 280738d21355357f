import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18nFor, UI_NAMESPACE } from '../../packages/runtime/i18n/index.ts';
import { IslandErrorBoundary } from './ErrorBoundary.tsx';

/**
 * Root of every island: the language's strings, from the bundle the build registered (server render)
 * or from the page's JSON script (browser), so both render the same text with no request; and an
 * error boundary, so that one failing island does not take the others down.
 */
export function UiProvider({ lang, children }: { lang: string; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18nFor(lang)} defaultNS={UI_NAMESPACE}>
      <IslandErrorBoundary>{children}</IslandErrorBoundary>
    </I18nextProvider>
  );
}
