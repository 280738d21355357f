import { useStore } from '@nanostores/react';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '@datekit/runtime/routes';
import { historyHidden } from '@datekit/runtime/rules/chat';
import { seenMessageId } from '@datekit/runtime/rules/chat-live';
import type { User } from '@datekit/runtime/schemas/api/user';
import { $typing, isTyping } from '@datekit/runtime/stores/chat-live';
import {
  $conversation,
  closeConversation,
  loadOlder,
  openConversationAt,
  type ConversationData,
  type ConversationRoute,
} from '@datekit/runtime/stores/conversation';
import { LINKS } from '../site/links.ts';
import { ApiRequestError } from '@datekit/runtime/api/client';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatPartnerGone } from './ChatPartnerGone.tsx';
import { ChatIcebreakers } from './ChatIcebreakers.tsx';
import { ChatMessageItem } from './ChatMessageItem.tsx';
import { ChatPresence } from './ChatPresence.tsx';
import { errorText } from './errors.ts';
import { BackIcon } from './icons.tsx';
import { ProfileName, type FictionalMarking } from './FictionalMark.tsx';
import { ProfileAvatar, profilePhoto } from './LikesProfileCard.tsx';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';
import { ReportButton } from './ReportButton.tsx';
import './Chat.css';

interface Props {
  lang: string;
  /** chats-id opens a conversation by its id; members-id-chat the one with a member (or a new one). */
  route: ConversationRoute;
  fictionalIcon: string;
  fictionalLabel: string | undefined;
}

/** One conversation in the chat layout (spec §2): messages, older pages, icebreakers and the composer. */
export default function ChatConversation({ lang, route, fictionalIcon, fictionalLabel }: Props) {
  return (
    <UiProvider lang={lang}>
      <ConversationContent route={route} fictional={{ icon: fictionalIcon, label: fictionalLabel }} />
    </UiProvider>
  );
}

function ConversationContent({ route, fictional }: { route: ConversationRoute; fictional: FictionalMarking }) {
  const { t } = useTranslation();
  // The member and the conversation, usually both there when the island hydrates (the page's script
  // opened it), render in a transition: in slices a phone can interrupt, not one long task.
  const member = useDeferredValue(useMember());
  const state = useDeferredValue(useStore($conversation, { ssr: 'initial' }));
  const memberId = member?.profile.id;

  // The page's own script has usually opened it already (ConversationScreen.astro): this adopts it.
  useEffect(() => {
    if (!memberId) return;
    if (!openConversationAt(route, location.pathname)) return;
    return closeConversation;
  }, [memberId, route]);

  if (!member) return <MemberPending member={member} />;
  if (state.status === 'failed' && state.error instanceof ApiRequestError && state.error.status === 404) {
    return <ChatPartnerGone />;
  }
  if (state.status === 'failed') {
    return (
      <div className="chat-screen chat-screen-message">
        <p className="form-notice" role="alert" data-testid="chat-error">
          {errorText(state.error, t)}
        </p>
        <a className="btn btn-primary" href={LINKS.chats}>
          {t('chatui.back')}
        </a>
      </div>
    );
  }
  if (state.status !== 'ready') {
    return (
      <p className="member-pending" aria-busy="true">
        {t('chatui.loading')}
      </p>
    );
  }
  return <ConversationView data={state.data} member={member} fictional={fictional} />;
}

function ConversationView({
  data,
  member,
  fictional,
}: {
  data: ConversationData;
  member: User;
  fictional: FictionalMarking;
}) {
  const { t } = useTranslation();
  const endRef = useRef<HTMLDivElement>(null);
  const last = data.messages.at(-1)?.id;
  const photo = profilePhoto(data.profile, 'thumb_filename');
  const typing = isTyping(useStore($typing), data.conversationId);
  const seen = seenMessageId(data.messages, member.profile.id, data.seenUpTo);

  // A new message (sent or received) or the typing indicator scrolls into view; loading older ones
  // does not move the reader.
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [last, typing, seen]);

  return (
    <div className="chat-screen" data-testid="chat-conversation">
      <header className="chat-header">
        <a className="chat-back" href={LINKS.chats} aria-label={t('chatui.back')} title={t('chatui.back')}>
          <BackIcon />
        </a>
        {/* The picture and name lead to the profile too: on a phone that is the only way, for room. */}
        <a className="chat-header-profile" href={pathFor('members-id', { id: data.profile.id })}>
          {photo ? (
            <img className="chat-avatar" src={photo} alt="" width={40} height={40} />
          ) : (
            <ProfileAvatar profile={data.profile} className="chat-avatar" />
          )}
          <div className="chat-title-wrap">
            <h1 className="chat-title" data-testid="chat-partner">
              <ProfileName profile={data.profile} fictional={fictional} />
            </h1>
            <ChatPresence presence={data.presence} />
          </div>
        </a>
        <a className="btn btn-ghost btn-sm chat-header-view" href={pathFor('members-id', { id: data.profile.id })}>
          {t('chatui.view_profile')}
        </a>
        <ReportButton
          className="btn btn-ghost btn-sm"
          target={
            data.conversationId
              ? {
                  memberId: data.profile.id,
                  name: data.profile.name,
                  context: 'conversation',
                  contextId: data.conversationId,
                }
              : { memberId: data.profile.id, name: data.profile.name, context: 'profile' }
          }
        />
      </header>
      <div className="chat-messages" role="log" aria-live="polite" data-testid="chat-messages">
        {data.hasMore && (
          <button type="button" className="btn btn-ghost btn-sm chat-older" onClick={() => void loadOlder()}>
            {t('chatui.load_older')}
          </button>
        )}
        {historyHidden(data.hasMore, data.messages.length, data.historyLimit) && (
          <p className="chat-note" data-testid="chat-history-hidden">
            {t('chatui.history_hidden')}
          </p>
        )}
        {data.messages.length === 0 ? (
          <ChatIcebreakers name={data.profile.name} />
        ) : (
          <ol className="chat-message-list">
            {data.messages.map((message) => (
              <ChatMessageItem
                key={message.id}
                message={message}
                mine={message.sender_id === member.profile.id}
                partner={data.profile.name}
                seen={message.id === seen}
              />
            ))}
          </ol>
        )}
        {typing && (
          <p className="chat-typing" data-testid="chat-typing">
            <span className="chat-typing-dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t('chat_live.typing', { name: data.profile.name })}
          </p>
        )}
        <div ref={endRef} />
      </div>
      <ChatComposer name={data.profile.name} conversationId={data.conversationId} />
    </div>
  );
}
