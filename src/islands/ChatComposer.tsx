import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '@datekit/runtime/api/client';
import { composerState, minimumMessageCost } from '@datekit/runtime/rules/chat';
import { notifyTyping, typingSent } from '@datekit/runtime/stores/chat-live';
import { $draft, sendMessage, sendPhoto, setDraft } from '@datekit/runtime/stores/conversation';
import { $settings } from '@datekit/runtime/stores/settings';
import { $user } from '@datekit/runtime/stores/user';
import { LINKS } from '../site/links.ts';
import { ChatGifts } from './ChatGifts.tsx';
import { errorText } from './errors.ts';

/** A refusal to show under the composer; `buy` adds the way to credits (402 insufficient_credits). */
interface SendError {
  text: string;
  buy: string | null;
}

function sendError(error: unknown, t: (key: string) => string): SendError {
  const text = errorText(error, t as never);
  if (error instanceof ApiRequestError && error.status === 402) {
    const url =
      typeof error.body.buy_url === 'string' && error.body.buy_url.startsWith('/') ? error.body.buy_url : LINKS.credits;
    return { text, buy: url };
  }
  return { text, buy: null };
}

/**
 * Writes and sends: a counter against `message_length`, the send button with the cost in credits,
 * beside it a free member's balance ("N credits left", so running out is no surprise), and the
 * minimum message cost in local currency (settings), Enter to send (Shift+Enter for a new line),
 * a gift picker and a photo button. The server decides; its refusal is shown as it words it.
 * Typing tells the other member (throttled, through the live events).
 */
export function ChatComposer({ name, conversationId }: { name: string; conversationId: number | null }) {
  const { t, i18n } = useTranslation();
  const settings = useStore($settings);
  const user = useStore($user);
  const draft = useStore($draft);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<SendError | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const counterId = useId();
  const max = settings?.message_length ?? 0;
  const state = composerState(draft, max || Number.POSITIVE_INFINITY);
  const minimum = settings ? minimumMessageCost(settings) : null;

  const run = async (send: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await send();
      return true;
    } catch (caught) {
      setError(sendError(caught, t));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (busy || !state.canSend) return;
    if (await run(() => sendMessage(draft.trim()))) {
      setDraft('');
      typingSent();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const onFile = (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (file) void run(() => sendPhoto(file));
  };

  const money = minimum
    ? new Intl.NumberFormat(i18n.language, { style: 'currency', currency: minimum.currency }).format(minimum.costs)
    : null;

  return (
    <form className="chat-composer" onSubmit={(event) => void submit(event)} data-testid="chat-composer">
      {error && (
        <div className="chat-send-error" role="alert" data-testid="chat-send-error">
          <p>{error.text}</p>
          {error.buy && (
            <a className="btn btn-primary btn-sm" href={error.buy} data-testid="chat-buy-credits">
              {t('chatui.buy_credits')}
            </a>
          )}
        </div>
      )}
      <label className="visually-hidden" htmlFor={`${counterId}-text`}>
        {t('chatui.message_label', { name })}
      </label>
      <textarea
        id={`${counterId}-text`}
        className="chat-input"
        rows={2}
        value={draft}
        placeholder={t('chatui.placeholder')}
        aria-describedby={counterId}
        aria-invalid={state.tooLong || undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          // The other member sees "is typing" (throttled; not for a conversation not started yet).
          if (event.target.value.trim()) notifyTyping(conversationId);
        }}
        onKeyDown={onKeyDown}
        data-testid="chat-input"
      />
      <div className="chat-composer-bar">
        <ChatGifts disabled={busy} onSend={run} />
        <button
          type="button"
          className="chat-tool"
          disabled={busy}
          onClick={() => fileRef.current?.click()}
          aria-label={t('chatui.photo', { credits: settings?.photo_credits ?? '' })}
          title={t('chatui.photo', { credits: settings?.photo_credits ?? '' })}
          data-testid="chat-photo-button"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M4 7h3l2-2h6l2 2h3v12H4zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          onChange={(event) => onFile(event.target.files?.[0])}
          data-testid="chat-photo-input"
        />
        <span id={counterId} className={`chat-counter${state.tooLong ? ' is-over' : ''}`} data-testid="chat-counter">
          {max ? t('chatui.counter', { length: state.length, max }) : null}
        </span>
        {user && !user.paid_user ? (
          <span
            className={`chat-credits-left${user.credits < (settings?.message_credits ?? 1) ? ' is-low' : ''}`}
            data-testid="chat-credits-left"
          >
            {t('chat_credits.left', { count: user.credits })}
          </span>
        ) : null}
        <button
          type="submit"
          className="btn btn-primary chat-send"
          disabled={busy || !state.canSend}
          data-testid="chat-send"
        >
          <span>{busy ? t('chatui.sending') : t('chatui.send')}</span>
          {settings && (
            <span className="chat-send-cost">{t('chatui.cost', { credits: settings.message_credits })}</span>
          )}
        </button>
      </div>
      {money && (
        <p className="chat-minimum" data-testid="chat-minimum-cost">
          {t('chatui.minimum_cost', { amount: money })}
        </p>
      )}
    </form>
  );
}
