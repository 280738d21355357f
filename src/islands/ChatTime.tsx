import { useFormatDate, useHydrated } from './hooks.ts';

/**
 * When a message was sent, in the page's language (`useFormatDate`): the time today, else the date.
 * Rendered only after hydration, since the visitor's time zone is unknown to the build.
 */
export function ChatTime({ iso }: { iso: string }) {
  const format = useFormatDate();
  const hydrated = useHydrated();
  const date = new Date(iso);
  if (!hydrated || Number.isNaN(date.getTime())) return <time dateTime={iso} className="chat-time" />;
  const today = new Date().toDateString() === date.toDateString();
  return (
    <time dateTime={iso} className="chat-time" title={format(date, 'dateTime')}>
      {format(date, today ? 'time' : 'dayMonth')}
    </time>
  );
}
