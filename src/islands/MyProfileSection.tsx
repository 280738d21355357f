import { useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileUpdate } from '@datekit/runtime/schemas/api/profile';
import { saveProfile } from '@datekit/runtime/stores/profile';
import { errorText, fieldErrors } from './errors.ts';
import { SaveStatus } from './signup-steps/fields.tsx';

interface Props {
  title: string;
  /** Heading id, for the section's accessible name. */
  id: string;
  intro?: string;
  testId: string;
  /** The PUT body of this section's fields, or a sentence saying what to fix first. */
  collect: () => ProfileUpdate | string;
  children: ReactNode;
  /** Told the server's per-field messages when it refuses (`validation_failed`, `invalid_name`). */
  onFieldErrors?: (fields: Record<string, string>) => void;
}

/**
 * One part of the own profile as a form of its own, saved with its own button: only its fields go to
 * PUT /api/profile.php, and what the server answers shows right under it.
 */
export function ProfileSection({ title, id, intro, testId, collect, children, onFieldErrors }: Props) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ state: 'idle' | 'saved' | 'failed'; message: string | null }>({
    state: 'idle',
    message: null,
  });

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const update = collect();
    if (typeof update === 'string') {
      setStatus({ state: 'failed', message: update });
      return;
    }
    setSaving(true);
    setStatus({ state: 'idle', message: null });
    onFieldErrors?.({});
    try {
      await saveProfile(update);
      setStatus({ state: 'saved', message: t('my_profile.saved') });
    } catch (error) {
      onFieldErrors?.(fieldErrors(error));
      setStatus({ state: 'failed', message: errorText(error, t) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="panel profile-section" aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {intro ? <p className="profile-section-intro">{intro}</p> : null}
      <form className="stack-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {children}
        <div className="profile-section-foot">
          <SaveStatus status={status.state} message={status.message} />
          <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
            {saving ? t('form.busy') : t('my_profile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
