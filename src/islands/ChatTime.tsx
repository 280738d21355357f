import { useTranslation } from 'react-i18next';
import { useHydrated } from './hooks.ts';

/**
 * When a message was sent, in the page's language: the time today, else the date. Rendered only after
 * hydration, since the visitor's time zone is unknown to the build.
 */
export function ChatTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  const date = new Date(iso);
  if (!hydrated || Number.isNaN(date.getTime())) return <time dateTime={iso} className="chat-time" />;
  const today = new Date().toDateString() === date.toDateString();
  const text = today
    ? date.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(i18n.language, { day: 'numeric', month: 'short' });
  return (
    <time dateTime={iso} className="chat-time" title={date.toLocaleString(i18n.language)}>
      {text}
    </time>
  );
}
