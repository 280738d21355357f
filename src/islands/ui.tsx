import { useEffect, useRef, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18nFor, UI_NAMESPACE } from '../../packages/runtime/i18n/index.ts';
import { replayEarlyActions } from '../scripts/early-actions.ts';
import { IslandErrorBoundary } from './ErrorBoundary.tsx';

/**
 * Root of every island: the language's strings, from the bundle the build registered (server render)
 * or from the page's JSON script (browser), so both render the same text with no request; and an
 * error boundary, so that one failing island does not take the others down.
 *
 * Once hydrated, it hands the island what the member typed and pressed before (`client:early`,
 * `replayEarlyActions`). Its element takes no box (`display: contents`), so layouts see the island's
 * own elements; a span, since
 * islands also sit where a block element would break the parser's tree (inside a paragraph).
 */
export function UiProvider({ lang, children }: { lang: string; children: ReactNode }) {
  const root = useRef<HTMLSpanElement>(null);
  // Runs after the effects of everything inside, so the island is ready for the member's input.
  useEffect(() => {
    if (root.current) replayEarlyActions(root.current);
  }, []);
  return (
    <I18nextProvider i18n={i18nFor(lang)} defaultNS={UI_NAMESPACE}>
      <span ref={root} className="island-root">
        <IslandErrorBoundary>{children}</IslandErrorBoundary>
      </span>
    </I18nextProvider>
  );
}
