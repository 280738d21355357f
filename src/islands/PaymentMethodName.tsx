import { useTranslation } from 'react-i18next';
import { methodName } from '@datekit/runtime/rules/payments';

/** A payment method as members read it: its brand name, or the translated name of a generic method. */
export function PaymentMethodName({ method }: { method: string }) {
  const { t } = useTranslation();
  return <>{methodName(method, (key) => t(`payments.${key.replace('payment.', '')}`))}</>;
}
