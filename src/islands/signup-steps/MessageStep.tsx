import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $settings } from '@datekit/runtime/stores/settings';
import type { SignupFlowState } from '@datekit/runtime/stores/signup-steps';
import { ProfilePicture } from '../ProfileCard.tsx';
import { TextAreaField } from './fields.tsx';

/**
 * Longest first message POST /api/signup.php takes before the brand's settings are known; then the
 * brand's message_length holds, since the message becomes the first chat message.
 */
const MESSAGE_MAX_LENGTH = 1000;

interface Props {
  state: SignupFlowState;
  /** On a member's page: the first message is for that member. */
  forMember: boolean;
  onChange: (message: string) => void;
}

/** Step 0: a first message; on a member's signup page addressed to that member ("Say hello to …"). */
export function MessageStep({ state, forMember, onChange }: Props) {
  const { t } = useTranslation();
  // Undefined in the server render and while hydrating, so both render the same counter.
  const settings = useStore($settings, { ssr: () => undefined });
  const title = state.memberName
    ? t('steps.message_title_member', { name: state.memberName })
    : forMember
      ? t('steps.message_title_this_member')
      : t('steps.message_title');
  return (
    <>
      <StepHeading title={title} text={t('steps.message_text')} />
      {state.member ? <Recipient member={state.member} /> : null}
      <TextAreaField
        name="signup_message"
        label={t('steps.message_label')}
        placeholder={t('steps.message_placeholder')}
        value={state.message}
        onChange={onChange}
        maxLength={Math.min(settings?.message_length ?? MESSAGE_MAX_LENGTH, MESSAGE_MAX_LENGTH)}
        rows={4}
      />
    </>
  );
}

/** To whom the first message goes: their picture, name, age and town, as on their profile. */
function Recipient({ member }: { member: NonNullable<SignupFlowState['member']> }) {
  const { t } = useTranslation();
  return (
    <div className="message-recipient" data-testid="message-recipient">
      <ProfilePicture profile={member} size={64} eager />
      <p>
        <span className="message-recipient-to">{t('signup_more.recipient')}</span>
        <strong className="message-recipient-name">
          {member.name}, {member.age}
        </strong>
        {member.city ? <span className="message-recipient-city">{member.city}</span> : null}
      </p>
    </div>
  );
}

/** A step's heading, focusable so that moving to the step can move focus (and the screen reader) there. */
export function StepHeading({ title, text }: { title: string; text?: string }) {
  return (
    <div className="step-heading">
      <h2 tabIndex={-1} data-step-heading="">
        {title}
      </h2>
      {text ? <p>{text}</p> : null}
    </div>
  );
}
