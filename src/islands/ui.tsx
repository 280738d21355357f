import { useEffect, useRef, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18nFor, UI_NAMESPACE } from '@datekit/runtime/i18n';
import { replayEarlyActions } from '../scripts/early-actions.ts';
import { IslandErrorBoundary } from './ErrorBoundary.tsx';

/**
 * Root of every island: the language's strings, from the bundle the build registered (server render)
 * or from the page's JSON script (browser), so both render the same text with no request; and an
 * error boundary, so that one failing island does not take the others down.
 *
 * Once hydrated, it hands the island what the member typed and pressed before (`client:early`,
 * `replayEarlyActions`). It finds its island through a hidden, empty marker before the content: a
 * wrapper would change the island's layout, and one without a box (`display: contents`) would hide
 * the island from `client:visible`, which watches the island's children for their boxes.
 */
export function UiProvider({ lang, children }: { lang: string; children: ReactNode }) {
  const marker = useRef<HTMLSpanElement>(null);
  // Runs after the effects of everything inside, so the island is ready for the member's input.
  useEffect(() => {
    const island = marker.current?.parentElement;
    if (island) replayEarlyActions(island);
  }, []);
  return (
    <I18nextProvider i18n={i18nFor(lang)} defaultNS={UI_NAMESPACE}>
      <span ref={marker} hidden />
      <IslandErrorBoundary>{children}</IslandErrorBoundary>
    </I18nextProvider>
  );
}
