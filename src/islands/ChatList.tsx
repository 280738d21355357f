import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '../../packages/runtime/routes.ts';
import { messagePreview } from '../../packages/runtime/rules/chat.ts';
import type { ChatListItem } from '../../packages/runtime/schemas/api/chat.ts';
import { $chats, deleteChat, loadChats } from '../../packages/runtime/stores/chats.ts';
import { LINKS } from '../site/links.ts';
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
}

/** Route `chats`: the member's conversations, newest first, each opening the conversation (spec §2, §4). */
export default function ChatList({ lang, fictionalIcon, fictionalLabel }: Props) {
  return (
    <UiProvider lang={lang}>
      <ChatListContent fictional={{ icon: fictionalIcon, label: fictionalLabel }} />
    </UiProvider>
  );
}

function ChatListContent({ fictional }: { fictional: FictionalMarking }) {
  const { t } = useTranslation();
  const member = useMember();
  const chats = useStore($chats, { ssr: 'initial' });
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
    <div className="chat-list-wrap" data-testid="chat-list">
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
            <ChatListRow key={chat.conversation.id} chat={chat} fictional={fictional} onDelete={() => remove(chat)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ChatListRow({
  chat,
  fictional,
  onDelete,
}: {
  chat: ChatListItem;
  fictional: FictionalMarking;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const photo = profilePhoto(chat.profile, 'thumb_filename');
  const last = chat.conversation.last_message;
  const unread = chat.num_unread_messages;
  return (
    <li className={`chat-row${unread > 0 ? ' is-unread' : ''}`} data-testid="chat-item">
      <a className="chat-row-link" href={pathFor('chats-id', { id: chat.conversation.id })}>
        {photo ? (
          <img className="chat-avatar" src={photo} alt="" width={48} height={48} loading="lazy" />
        ) : (
          <ProfileAvatar profile={chat.profile} className="chat-avatar" />
        )}
        <span className="chat-row-main">
          <span className="chat-row-name">
            <ProfileName profile={chat.profile} fictional={fictional} />
          </span>
          <span className="chat-row-preview" data-testid="chat-preview">
            {last ? <PreviewText message={last} /> : t('chatui.preview_none')}
          </span>
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

/** The last message as plain text (React escapes it): its words, or which gift or that a photo came. */
function PreviewText({ message }: { message: NonNullable<ChatListItem['conversation']['last_message']> }) {
  const { t } = useTranslation();
  const preview = messagePreview(message);
  if (preview.kind === 'gift') return <>{t('chatui.preview_gift', { gift: t(`gift.${preview.gift}`) })}</>;
  if (preview.kind === 'photo') return <>{t('chatui.preview_photo')}</>;
  return <>{preview.text}</>;
}
