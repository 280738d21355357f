import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { paymentScreen } from '@datekit/runtime/rules/payments';
import { $payment } from '@datekit/runtime/stores/payments';
import { useHydrated } from './hooks.ts';
import { returnedPaymentId } from './payment-return.ts';
import { UiProvider } from './ui.tsx';

interface Props {
  lang: string;
  /** The heading while the member chooses how to pay (the build's page copy). */
  title: string;
  lead: string;
}

/**
 * The payment page's heading, which follows the payment: "choose how to pay" before paying, then
 * checking, pending, completed or failed once the buyer is back from the checkout. It reads the same
 * payment store the outcome card below fills.
 */
export default function PaymentHeading({ lang, title, lead }: Props) {
  return (
    <UiProvider lang={lang}>
      <PaymentHeadingContent title={title} lead={lead} />
    </UiProvider>
  );
}

function PaymentHeadingContent({ title, lead }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const state = useStore($payment);
  const returned = hydrated ? returnedPaymentId(location.search) : null;
  if (returned === null) return <Heading title={title} lead={lead} screen="choose" />;
  const screen = paymentScreen(state.status === 'ready' ? state.data.status : undefined);
  const titles = {
    loading: t('shop.heading_loading'),
    pending: t('payments.outcome_pending_title'),
    completed: t('payments.outcome_completed_title'),
    failed: t('payments.outcome_failed_title'),
  } as const;
  return <Heading title={titles[screen]} lead={t(`shop.lead_${screen}`)} screen={screen} />;
}

function Heading({ title, lead, screen }: { title: string; lead: string; screen: string }) {
  return (
    <>
      <h1 data-testid="payment-heading" data-screen={screen}>
        {title}
      </h1>
      <p className="page-header-lead">{lead}</p>
    </>
  );
}
