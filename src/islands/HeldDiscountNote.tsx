import { useTranslation } from 'react-i18next';
import type { CreditOffers } from '@datekit/runtime/schemas/api/payments';

/**
 * Why the member's discount is not in the prices shown: a checkout they started and have not
 * completed holds it (a discount valid once per member goes with one payment at a time).
 */
export function HeldDiscountNote({ held }: { held: CreditOffers['held_discount'] }) {
  const { t } = useTranslation();
  if (!held) return null;
  return (
    <p className="discount-held" role="note" data-testid="held-discount">
      {t('payments.discount_held', { percent: held.value_percentage })}
    </p>
  );
}
