import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tracking } from '@datekit/runtime/schemas/api/signup';
import type { SignupFlow, SignupFlowState } from '@datekit/runtime/stores/signup-steps';
import { SignupAccountForm } from '../SignupForm.tsx';
import { StepHeading } from './MessageStep.tsx';
import { PersonalChoiceFields, type PersonalChoices } from './PersonalChoices.tsx';
import { StepNav } from './StepProgress.tsx';

interface Props {
  state: SignupFlowState;
  flow: SignupFlow;
  tracking: Tracking;
  onLogin?: (() => void) | undefined;
}

/** Step 3: personal info. Sending it creates the account; the steps before are stored with it. */
export function PersonalStep({ state, flow, tracking, onLogin }: Props) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<PersonalChoices>({});
  return (
    <>
      <StepHeading title={t('steps.personal_title')} text={t('steps.personal_text')} />
      <SignupAccountForm
        tracking={tracking}
        busy={state.pending}
        onLogin={onLogin}
        submit={(request) =>
          flow.createAccount(request, {
            ...(choices.sexuality ? { sexuality: choices.sexuality } : {}),
            ...(choices.relationship_status ? { relationship_status: choices.relationship_status } : {}),
            ...(choices.body_type ? { body_type: choices.body_type } : {}),
          })
        }
      >
        <PersonalChoiceFields value={choices} onChange={setChoices} disabled={state.pending} />
      </SignupAccountForm>
      <StepNav onBack={flow.back} busy={state.pending} />
    </>
  );
}
