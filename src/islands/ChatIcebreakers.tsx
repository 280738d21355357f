import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $icebreakers } from '@datekit/runtime/stores/chat-extras';
import { setDraft } from '@datekit/runtime/stores/conversation';

/**
 * An empty conversation offers icebreakers (GET /api/icebreakers.php, translated by the server) as
 * chips; choosing one puts it in the composer, where the member can still change it before sending.
 */
export function ChatIcebreakers({ name }: { name: string }) {
  const { t } = useTranslation();
  // Mounting the store loads the suggestions (once per page); none until then, or after a failure.
  const state = useStore($icebreakers);
  const icebreakers = state.status === 'ready' ? state.data : [];

  return (
    <div className="chat-start" data-testid="chat-empty">
      <p>{t('chatui.start', { name })}</p>
      {icebreakers.length > 0 && (
        <ul className="chat-icebreakers" aria-label={t('chatui.icebreakers')}>
          {icebreakers.map((text) => (
            <li key={text}>
              <button type="button" className="chat-chip" onClick={() => setDraft(text)} data-testid="chat-icebreaker">
                {text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
