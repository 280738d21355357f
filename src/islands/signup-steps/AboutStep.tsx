import { useTranslation } from 'react-i18next';
import type { SignupFlow, SignupFlowState } from '@datekit/runtime/stores/signup-steps';
import { AboutFields } from './AboutFields.tsx';
import { StepHeading } from './MessageStep.tsx';

/** Step 2: about me, in words and interests. */
export function AboutStep({ state, flow }: { state: SignupFlowState; flow: SignupFlow }) {
  const { t } = useTranslation();
  return (
    <>
      <StepHeading title={t('steps.about_title')} text={t('steps.about_text')} />
      <AboutFields
        about={state.about}
        interests={state.interests}
        onAbout={flow.setAbout}
        onToggleInterest={flow.toggleInterest}
      />
    </>
  );
}
