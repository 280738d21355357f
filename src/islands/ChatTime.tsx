import { useDateLocale, useHydrated } from './hooks.ts';

/**
 * When a message was sent, in the page's language and the member's region (`useDateLocale`): the time today, else the date. Rendered only after
 * hydration, since the visitor's time zone is unknown to the build.
 */
export function ChatTime({ iso }: { iso: string }) {
  const locale = useDateLocale();
  const hydrated = useHydrated();
  const date = new Date(iso);
  if (!hydrated || Number.isNaN(date.getTime())) return <time dateTime={iso} className="chat-time" />;
  const today = new Date().toDateString() === date.toDateString();
  const text = today
    ? date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(locale, { day: 'numeric', month: 'short' });
  return (
    <time dateTime={iso} className="chat-time" title={date.toLocaleString(locale)}>
      {text}
    </time>
  );
}
