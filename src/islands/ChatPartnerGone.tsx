import { useTranslation } from 'react-i18next';
import { LINKS } from '../site/links.ts';
import './chat-partner-gone.css';

/**
 * The chat with a member who is no longer there (deleted the account, or never existed): said in
 * the site's own words and look, with the way back to the member's chats and on to new members.
 */
export function ChatPartnerGone() {
  const { t } = useTranslation();
  return (
    <section
      className="chat-screen chat-partner-gone"
      data-testid="chat-partner-gone"
      aria-labelledby="chat-gone-title"
    >
      <span className="chat-partner-gone-mark" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path
            d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 11.3-5.5M16 17h6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </span>
      <h1 id="chat-gone-title">{t('chat_gone.title')}</h1>
      <p>{t('chat_gone.text')}</p>
      <p className="chat-partner-gone-actions">
        <a className="btn btn-primary" href={LINKS.chats}>
          {t('chat_gone.back')}
        </a>
        <a className="btn btn-ghost" href={LINKS.members}>
          {t('chat_gone.search')}
        </a>
      </p>
    </section>
  );
}
