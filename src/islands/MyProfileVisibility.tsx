import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnProfile } from '@datekit/runtime/schemas/api/profile';
import { saveProfile } from '@datekit/runtime/stores/profile';
import { errorText } from './errors.ts';
import { SaveStatus } from './signup-steps/fields.tsx';
import './switch.css';

/**
 * Invisible mode (spec §6): hidden from the search, others cannot message or like the member, who
 * makes the first contact; existing conversation partners still see them. Below it, whether others
 * see in the chat when the member is online ("Online now", "Active today"); invisible mode hides that
 * too. Switches that save at once. Without a profile yet (it is loading) the panel shows with the
 * switches disabled, at its final size.
 */
export function MyProfileVisibility({ profile }: { profile: OwnProfile | undefined }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ state: 'idle' | 'saved' | 'failed'; message: string | null }>({
    state: 'idle',
    message: null,
  });

  async function save(change: { invisible: boolean } | { hide_presence: boolean }, message: string) {
    setSaving(true);
    setStatus({ state: 'idle', message: null });
    try {
      await saveProfile(change);
      setStatus({ state: 'saved', message });
    } catch (error) {
      setStatus({ state: 'failed', message: errorText(error, t) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="panel profile-section" aria-labelledby="profile-visibility" data-testid="profile-visibility">
      <h2 id="profile-visibility">{t('my_profile.invisible_title')}</h2>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={profile?.invisible ?? false}
          disabled={saving || !profile}
          aria-describedby="profile-invisible-text"
          data-testid="invisible-switch"
          onChange={(event) => {
            const invisible = event.currentTarget.checked;
            void save({ invisible }, invisible ? t('my_profile.invisible_on') : t('my_profile.invisible_off'));
          }}
        />
        <span className="switch-track" aria-hidden="true" />
        <span>{t('my_profile.invisible_label')}</span>
      </label>
      <p id="profile-invisible-text" className="profile-section-intro">
        {t('my_profile.invisible_text')}
      </p>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={!(profile?.hide_presence ?? false)}
          disabled={saving || !profile}
          aria-describedby="profile-presence-text"
          data-testid="presence-switch"
          onChange={(event) => {
            const shown = event.currentTarget.checked;
            void save({ hide_presence: !shown }, shown ? t('chat_live.presence_on') : t('chat_live.presence_off'));
          }}
        />
        <span className="switch-track" aria-hidden="true" />
        <span>{t('chat_live.presence_label')}</span>
      </label>
      <p id="profile-presence-text" className="profile-section-intro">
        {t('chat_live.presence_text')}
      </p>
      <SaveStatus status={status.state} message={status.message} />
    </section>
  );
}
