import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '@datekit/runtime/routes';
import { messagePreview } from '@datekit/runtime/rules/chat';
import type { ChatListItem } from '@datekit/runtime/schemas/api/chat';
import { $typing, isTyping } from '@datekit/runtime/stores/chat-live';
import { $chats, deleteChat, loadChats } from '@datekit/runtime/stores/chats';
import { LINKS } from '../site/links.ts';
import { ChatPresence } from './ChatPresence.tsx';
import { ChatTime } from './ChatTime.tsx';
import { errorText } from './errors.ts';
import { ProfileName, type FictionalMarking } from './FictionalMark.tsx';
import { ProfileAvatar, profilePhoto } from './LikesProfileCard.tsx';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';
import './Chat.css';

interface Props {
  lang: string;
  fictionalIcon: string;
  fictionalLabel: string | undefined;
  /** Beside an open conversation (a desktop's left column): compact, marking the open one. */
  side?: boolean;
}

/**
 * Route `chats`: the member's conversations, newest first, each opening the conversation (spec §2, §4).
 * Unread ones stand out (bold, a dot and the count); the preview says "You: " before one's own last
 * message, or that the other member is typing; presence shows where the member allows it.
 */
export default function ChatList({ lang, fictionalIcon, fictionalLabel, side = false }: Props) {
  return (
    <UiProvider lang={lang}>
      <ChatListContent fictional={{ icon: fictionalIcon, label: fictionalLabel }} side={side} />
    </UiProvider>
  );
}

/** The conversation open beside the list (the page is /chats/{id}), read once the page runs. */
function openConversationId(): number | null {
  if (typeof location === 'undefined') return null;
  const match = /\/chats\/(\d+)\/?$/.exec(location.pathname);
  return match ? Number(match[1]) : null;
}

function ChatListContent({ fictional, side }: { fictional: FictionalMarking; side: boolean }) {
  const { t } = useTranslation();
  const member = useMember();
  const chats = useStore($chats, { ssr: 'initial' });
  const typing = useStore($typing);
  const [openId] = useState(openConversationId);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (!member) return <MemberPending member={member} />;
  if (chats.status === 'failed') {
    return (
      <div className="form-notice" role="alert" data-testid="chat-list">
        <p>{errorText(chats.error, t)}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void loadChats().catch(() => undefined)}>
          {t('chatui.retry')}
        </button>
      </div>
    );
  }
  if (chats.status !== 'ready') {
    return (
      <p className="member-pending" aria-busy="true" data-testid="chat-list">
        {t('chatui.loading')}
      </p>
    );
  }

  const remove = (chat: ChatListItem) => {
    setDeleteError(null);
    // Spec §4: the chat leaves the list at once; a failure alerts and the store reloads the list.
    deleteChat(chat.conversation.id).catch((error: unknown) => {
      const text = errorText(error, t);
      setDeleteError(text === t('error.generic') ? t('chatui.delete_failed') : text);
    });
  };

  return (
    <div className={`chat-list-wrap${side ? ' is-side' : ''}`} data-testid="chat-list">
      {deleteError && (
        <p className="form-notice chat-alert" role="alert" data-testid="chat-delete-error">
          {deleteError}
        </p>
      )}
      {chats.data.chats.length === 0 ? (
        <div className="chat-list-empty">
          <p>{t('chatui.empty')}</p>
          <a className="btn btn-primary" href={LINKS.members}>
            {t('chatui.find')}
          </a>
        </div>
      ) : (
        <ul className="chat-list">
          {chats.data.chats.map((chat) => (
            <ChatListRow
              key={chat.conversation.id}
              chat={chat}
              fictional={fictional}
              memberId={member.profile.id}
              typing={isTyping(typing, chat.conversation.id)}
              open={chat.conversation.id === openId}
              onDelete={() => remove(chat)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ChatListRow({
  chat,
  fictional,
  memberId,
  typing,
  open,
  onDelete,
}: {
  chat: ChatListItem;
  fictional: FictionalMarking;
  memberId: number;
  typing: boolean;
  open: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const photo = profilePhoto(chat.profile, 'thumb_filename');
  const last = chat.conversation.last_message;
  const unread = chat.num_unread_messages;
  const online = chat.presence === 'online';
  return (
    <li
      className={`chat-row${unread > 0 ? ' is-unread' : ''}${open ? ' is-open' : ''}`}
      data-testid="chat-item"
      data-unread={unread > 0 || undefined}
    >
      <a
        className="chat-row-link"
        href={pathFor('chats-id', { id: chat.conversation.id })}
        aria-current={open ? 'page' : undefined}
      >
        <span className="chat-avatar-wrap">
          {photo ? (
            <img className="chat-avatar" src={photo} alt="" width={48} height={48} loading="lazy" />
          ) : (
            <ProfileAvatar profile={chat.profile} className="chat-avatar" />
          )}
          {online && <span className="chat-online-dot" aria-hidden="true" />}
        </span>
        <span className="chat-row-main">
          <span className="chat-row-name">
            <ProfileName profile={chat.profile} fictional={fictional} />
          </span>
          {typing ? (
            <span className="chat-row-preview is-typing" data-testid="chat-preview-typing">
              {t('chat_live.typing_short')}
            </span>
          ) : (
            <span className="chat-row-preview" data-testid="chat-preview">
              {last ? <PreviewText message={last} mine={last.sender_id === memberId} /> : t('chatui.preview_none')}
            </span>
          )}
          <ChatPresence presence={chat.presence} />
        </span>
        <span className="chat-row-meta">
          <ChatTime iso={chat.conversation.last_message_at} />
          {unread > 0 && (
            <span className="badge badge-unread" data-testid="chat-unread">
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span className="visually-hidden">{t('chatui.unread', { n: unread })}</span>
            </span>
          )}
        </span>
      </a>
      <button
        type="button"
        className="chat-row-delete"
        aria-label={t('chatui.delete_label', { name: chat.profile.name })}
        title={t('chatui.delete')}
        onClick={onDelete}
        data-testid="chat-delete"
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </li>
  );
}

/**
 * The last message as plain text (React escapes it): its words, or which gift or that a photo came;
 * "You: " before one's own.
 */
function PreviewText({
  message,
  mine,
}: {
  message: NonNullable<ChatListItem['conversation']['last_message']>;
  mine: boolean;
}) {
  const { t } = useTranslation();
  const preview = messagePreview(message);
  const text =
    preview.kind === 'gift'
      ? t('chatui.preview_gift', { gift: t(`gift.${preview.gift}`) })
      : preview.kind === 'photo'
        ? t('chatui.preview_photo')
        : preview.text;
  return <>{mine ? t('chat_live.you', { text }) : text}</>;
}
