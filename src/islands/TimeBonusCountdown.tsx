import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { TIME_BONUS_PERCENT } from '@datekit/runtime/rules/constants';
import { formatCountdown } from '@datekit/runtime/rules/payments';
import { $timeBonus } from '@datekit/runtime/stores/time-bonus';
import { LINKS } from '../site/links.ts';

/** The running time bonus: its percentage and the time left as hh:mm:ss; nothing when there is none. */
export function TimeBonusCountdown({ link }: { link: boolean }) {
  const { t } = useTranslation();
  const left = useStore($timeBonus, { ssr: () => null });
  if (left === null) return null;
  return (
    <p className="time-bonus" data-testid="time-bonus" role="status">
      <strong>{t('payments.time_bonus', { percent: TIME_BONUS_PERCENT })}</strong>{' '}
      <span>{t('payments.time_left')}</span>{' '}
      <time className="time-bonus-clock" data-testid="time-bonus-clock">
        {formatCountdown(left)}
      </time>
      {link && (
        <>
          {' '}
          <a className="btn btn-sm btn-secondary" href={LINKS.credits}>
            {t('payments.buy_now')}
          </a>
        </>
      )}
    </p>
  );
}
