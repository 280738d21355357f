import { useTranslation } from 'react-i18next';
import type { Message } from '@datekit/runtime/schemas/api/chat';
import { LINKS } from '../site/links.ts';
import { giftArtwork } from './ChatGifts.tsx';
import { ChatTime } from './ChatTime.tsx';

/**
 * One message. Text is rendered as text (React escapes it; never as HTML). A photo a free member
 * receives comes blurred (`photo_locked`): it shows a lock and the way to Premium. The newest own
 * message the other member has seen carries "Seen" under it.
 */
export function ChatMessageItem({
  message,
  mine,
  partner,
  seen = false,
}: {
  message: Message;
  mine: boolean;
  partner: string;
  /** The newest own message the other member has seen: "Seen" under it (read receipt). */
  seen?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li className={`chat-message ${mine ? 'is-mine' : 'is-theirs'}`} data-testid="chat-message">
      <div className={`chat-bubble chat-bubble-${message.kind}`}>
        {message.kind === 'text' && <p className="chat-text">{message.text}</p>}
        {message.kind === 'gift' && message.gift && (
          <span className="chat-gift">
            <img src={giftArtwork(message.gift)} alt="" width={72} height={72} />
            <span>{t('chatui.gift_sent', { gift: t(`gift.${message.gift}`) })}</span>
          </span>
        )}
        {message.kind === 'photo' && message.photo && (
          <span className="chat-photo">
            <img
              src={message.photo}
              alt={mine ? t('chatui.preview_photo') : t('chatui.photo_alt', { name: partner })}
              loading="lazy"
            />
            {message.photo_locked && (
              <a className="chat-photo-lock" href={LINKS.premium} data-testid="chat-photo-locked">
                <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                  <path
                    d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinejoin="round"
                  />
                </svg>
                <span>{t('chatui.photo_locked')}</span>
              </a>
            )}
          </span>
        )}
        <ChatTime iso={message.sent_at} />
      </div>
      {seen && (
        <span className="chat-seen" data-testid="chat-seen">
          {t('chat_live.seen')}
        </span>
      )}
    </li>
  );
}
