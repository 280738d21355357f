import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@datekit/runtime/rules/payments';
import { $creditOffers } from '@datekit/runtime/stores/payments';
import { bundlePaymentLink } from '../site/links.ts';
import { HeldDiscountNote } from './HeldDiscountNote.tsx';
import { LoadFailed, Loading } from './LoadStatus.tsx';
import { MemberPending, useMember } from './member.tsx';
import { PaymentMethodMark } from './PaymentMethodMark.tsx';
import { PaymentMethodName } from './PaymentMethodName.tsx';
import { TimeBonusCountdown } from './TimeBonusCountdown.tsx';
import { UiProvider } from './ui.tsx';
import './Payments.css';

/**
 * The bundles as this member pays for them (spec §1, §4): prices from the server in their currency,
 * the active discount applied with the list price struck through, and the methods of their country.
 */
export default function CreditsShop({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <CreditsShopContent />
    </UiProvider>
  );
}

function CreditsShopContent() {
  const { t, i18n } = useTranslation();
  const member = useMember();
  const offers = useStore($creditOffers, { ssr: 'initial' });
  if (!member) return <MemberPending member={member} />;
  if (offers.status === 'failed') return <LoadFailed error={offers.error} />;
  if (offers.status !== 'ready') return <Loading />;
  const { data } = offers;
  const price = (cents: number) => formatCents(cents, data.currency, i18n.language);
  return (
    <div className="shop" data-testid="credits-shop">
      {data.discount && (
        <div className="discount-banner" data-testid="active-discount">
          <p>
            <strong>{t('payments.discount_applied', { percent: data.discount.value_percentage })}</strong>{' '}
            <span className="discount-code">{data.discount.code}</span>
          </p>
          <TimeBonusCountdown link={false} />
        </div>
      )}
      <HeldDiscountNote held={data.held_discount} />
      <ul className="shop-bundles">
        {data.bundles.map((bundle) => (
          <li key={bundle.id} className={bundle.popular ? 'shop-bundle is-popular' : 'shop-bundle'}>
            <p className="shop-credits">
              <strong>{bundle.credits}</strong> {t('payments.credits_unit', { count: bundle.credits })}
            </p>
            <p className="shop-price" data-testid={`price-${bundle.id}`}>
              {bundle.amount_cents !== bundle.list_amount_cents && (
                <s className="shop-list-price" data-testid={`list-price-${bundle.id}`}>
                  {price(bundle.list_amount_cents)}
                </s>
              )}{' '}
              <span>{price(bundle.amount_cents)}</span>
            </p>
            <a
              className="btn btn-primary btn-block"
              href={bundlePaymentLink(bundle.id)}
              data-testid={`buy-${bundle.id}`}
              data-primary-action
            >
              {t('payments.choose')}
            </a>
          </li>
        ))}
      </ul>
      <div className="shop-methods">
        <p>{t('payments.methods_offered')}</p>
        <ul className="shop-method-list" data-testid="shop-methods">
          {data.methods.map((method) => (
            <li key={method}>
              <PaymentMethodMark method={method} />
              <PaymentMethodName method={method} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
