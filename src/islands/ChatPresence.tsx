import { useTranslation } from 'react-i18next';
import type { Presence } from '@datekit/runtime/schemas/api/chat';

/**
 * "Online now" (with a green dot) or "Active today", as the server allows it: nothing for an invisible
 * member, one who hides it, or one away for longer.
 */
export function ChatPresence({ presence }: { presence: Presence }) {
  const { t } = useTranslation();
  if (!presence) return null;
  return (
    <span className={`chat-presence is-${presence}`} data-testid="chat-presence">
      {presence === 'online' ? t('chat_live.online') : t('chat_live.today')}
    </span>
  );
}
