import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_TYPES, photoFileProblem } from '@datekit/runtime/rules/signup-steps';

interface Props {
  photo: Blob | null;
  onChange: (photo: Blob | null) => void;
  disabled?: boolean;
}

/** The browser's address of a picked file for the preview, released when the file changes or goes. */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * Picks one photo and shows it before anything is uploaded; a file the server would refuse (type,
 * size) is refused here at once. The preview is round like the member's avatar elsewhere.
 */
export function PhotoPicker({ photo, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(photo);

  function onPick(file: File | undefined) {
    if (!file) return;
    const found = photoFileProblem(file);
    setProblem(found ? t(`steps.photo_problem_${found}`) : null);
    onChange(found ? null : file);
  }

  return (
    <div className={problem ? 'field photo-picker has-error' : 'field photo-picker'}>
      <div className="photo-picker-preview" aria-hidden={preview ? undefined : true}>
        {preview ? (
          <img src={preview} alt={t('steps.photo_preview')} data-testid="photo-preview" />
        ) : (
          <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
            <circle cx="32" cy="24" r="11" fill="currentColor" opacity="0.35" />
            <path d="M12 56c2-11 10-17 20-17s18 6 20 17" fill="currentColor" opacity="0.35" />
          </svg>
        )}
      </div>
      {/* Before its label, so that the label can show the focus of the hidden input. */}
      <input
        id={id}
        className="visually-hidden"
        type="file"
        name="photo"
        accept={PHOTO_TYPES.join(',')}
        disabled={disabled}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          onPick(event.currentTarget.files?.[0]);
          // The same file picked again after removing it must fire a change as well.
          event.currentTarget.value = '';
        }}
      />
      <label htmlFor={id} className="btn btn-secondary photo-picker-button">
        {photo ? t('steps.photo_change') : t('steps.photo_choose')}
      </label>
      {photo ? (
        <button type="button" className="btn btn-ghost btn-sm" disabled={disabled} onClick={() => onChange(null)}>
          {t('steps.photo_remove')}
        </button>
      ) : null}
      <p id={`${id}-hint`} className="field-hint">
        {t('steps.photo_hint')}
      </p>
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {problem}
      </p>
    </div>
  );
}
