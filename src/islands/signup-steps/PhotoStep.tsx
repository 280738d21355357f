import { useTranslation } from 'react-i18next';
import type { SignupFlowState } from '@datekit/runtime/stores/signup-steps';
import { StepHeading } from './MessageStep.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';

/** Step 1: one photo, shown as a preview; it is uploaded once the account exists (step 3). */
export function PhotoStep({ state, onChange }: { state: SignupFlowState; onChange: (photo: Blob | null) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <StepHeading title={t('steps.photo_title')} text={t('steps.photo_text')} />
      <PhotoPicker photo={state.photo} onChange={onChange} />
    </>
  );
}
