import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $gifts, type Gift } from '@datekit/runtime/stores/chat-extras';
import { sendGift } from '@datekit/runtime/stores/conversation';

/**
 * The gift artwork (src/components/gifts/<id>.svg) as URLs the islands can show; Vite fingerprints each
 * file, so a page loads only the artwork it shows.
 */
const artwork = import.meta.glob<string>('../components/gifts/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});

export function giftArtwork(id: string): string | undefined {
  return artwork[`../components/gifts/${id}.svg`];
}

/**
 * The gift picker: artwork, translated name and price in credits (GET /api/gifts.php); a choice sends
 * it. The panel gets out of the way of the thread: it closes once a gift is sent (a refusal shows
 * under the composer), on Escape (focus back on the gift button) and on a click outside it.
 */
export function ChatGifts({
  disabled,
  onSend,
}: {
  disabled: boolean;
  onSend: (send: () => Promise<unknown>) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const toggle = () => setOpen(!open);

  return (
    <div className="chat-gifts" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="chat-tool"
        aria-expanded={open}
        aria-label={t('chatui.gifts')}
        title={t('chatui.gifts')}
        disabled={disabled}
        onClick={toggle}
        data-testid="chat-gifts-button"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-4-6-1.5S10 7 12 7zm0 0c2-4 6-4 6-1.5S14 7 12 7z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {open && (
        <div className="chat-gift-panel" role="dialog" aria-label={t('chatui.gifts')} data-testid="chat-gift-panel">
          <div className="chat-gift-head">
            <strong>{t('chatui.gifts')}</strong>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setOpen(false);
                buttonRef.current?.focus();
              }}
              data-testid="chat-gift-close"
            >
              {t('chatui.close')}
            </button>
          </div>
          <GiftList
            disabled={disabled}
            onChoose={(giftId) => {
              setOpen(false);
              void onSend(() => sendGift(giftId));
            }}
          />
        </div>
      )}
    </div>
  );
}

/** The catalogue in the open picker: it mounts with the panel, so the gifts load when it first opens. */
function GiftList({ disabled, onChoose }: { disabled: boolean; onChoose: (giftId: Gift['id']) => void }) {
  const { t } = useTranslation();
  const state = useStore($gifts);
  if (state.status === 'idle' || state.status === 'loading') return <p aria-busy="true">{t('chatui.loading')}</p>;
  // After a failure the picker is empty; opening it again tries again.
  const gifts = state.status === 'ready' ? state.data : [];
  return (
    <ul className="chat-gift-grid">
      {gifts.map((gift) => (
        <li key={gift.id}>
          <button
            type="button"
            className="chat-gift-option"
            disabled={disabled}
            onClick={() => onChoose(gift.id)}
            data-testid="chat-gift"
          >
            <img src={giftArtwork(gift.id)} alt="" width={56} height={56} />
            <span className="chat-gift-name">{gift.name}</span>
            <span className="chat-gift-price">{t('chatui.cost', { credits: gift.price })}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
