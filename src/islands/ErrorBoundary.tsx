import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ISLAND_ERROR_EVENT } from './events.ts';

interface State {
  failed: boolean;
}

/**
 * Keeps one island's failure to itself: instead of vanishing, the island says that an error occurred
 * (spec §8's 'An error has occurred.'), and the page hears about it through ISLAND_ERROR_EVENT with
 * the error's message as detail.
 */
export class IslandErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const detail = info.componentStack ? `${message}\n${info.componentStack.trim()}` : message;
    window.dispatchEvent(new CustomEvent(ISLAND_ERROR_EVENT, { detail }));
  }

  override render(): ReactNode {
    return this.state.failed ? <IslandError /> : this.props.children;
  }
}

function IslandError() {
  const { t } = useTranslation();
  return (
    <p className="island-error" role="alert">
      {t('error.generic')}
    </p>
  );
}
