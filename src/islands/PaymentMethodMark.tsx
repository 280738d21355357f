/**
 * A small drawn mark for each payment method, so a member finds "their" method at a glance. These are
 * our own simple pictograms of what the method is (a card, a bank, a wallet, a phone, a voucher),
 * never the schemes' trademarked logos; the method's name is always written beside the mark.
 */

type MarkKind = 'card' | 'bank' | 'debit' | 'wallet' | 'phone-bank' | 'phone-code' | 'voucher' | 'tap';

/** Which pictogram fits each method; an unknown method gets the card. */
const KIND_OF_METHOD: Record<string, MarkKind> = {
  creditcard: 'card',
  bancontact: 'card',
  banktransfer: 'bank',
  eps: 'bank',
  przelewy24: 'bank',
  giropay: 'bank',
  sofort: 'bank',
  directdebit: 'debit',
  paypal: 'wallet',
  ideal: 'phone-bank',
  blik: 'phone-code',
  paysafecard: 'voucher',
  applepay: 'tap',
};

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function Drawing({ kind }: { kind: MarkKind }) {
  switch (kind) {
    case 'card':
      return (
        <>
          <rect x="3" y="6" width="26" height="20" rx="3" {...STROKE} />
          <path d="M3 12h26" {...STROKE} strokeWidth={3.2} />
          <path d="M7 20h7M17 20h3" {...STROKE} />
        </>
      );
    case 'bank':
      return (
        <>
          <path d="M4 12 16 5l12 7z" {...STROKE} />
          <path d="M8 14v8M13.3 14v8M18.7 14v8M24 14v8M4 26h24" {...STROKE} />
        </>
      );
    case 'debit':
      return (
        <>
          <path d="M7 4h13l5 5v19H7z" {...STROKE} />
          <path d="M20 4v5h5M11 13h10M11 17h6" {...STROKE} />
          <path d="M11 23c2-2.5 3 .8 4.5-1s2.5 1.6 5.5-.5" {...STROKE} />
        </>
      );
    case 'wallet':
      return (
        <>
          <path d="M5 10h20a3 3 0 0 1 3 3v11a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V9a3 3 0 0 1 3-3h15" {...STROKE} />
          <path d="M28 15h-6a3 3 0 0 0 0 6h6" {...STROKE} />
          <circle cx="22.5" cy="18" r="1.2" fill="currentColor" />
        </>
      );
    case 'phone-bank':
      return (
        <>
          <rect x="9" y="3" width="14" height="26" rx="3" {...STROKE} />
          <path d="M12 13l4-3 4 3zM12.5 15v4M16 15v4M19.5 15v4M12 21h8" {...STROKE} strokeWidth={1.4} />
        </>
      );
    case 'phone-code':
      return (
        <>
          <rect x="9" y="3" width="14" height="26" rx="3" {...STROKE} />
          <path d="M12.5 14h1M15.5 14h1M18.5 14h1M12.5 18h1M15.5 18h1M18.5 18h1" {...STROKE} strokeWidth={2.4} />
          <path d="M14 25h4" {...STROKE} />
        </>
      );
    case 'voucher':
      return (
        <>
          <path d="M4 9h24v4.5a2.5 2.5 0 0 0 0 5V23H4v-4.5a2.5 2.5 0 0 0 0-5z" {...STROKE} />
          <path d="M9 14h8M9 18h5M21 11.5v1.5M21 15.5v1M21 19v1.5" {...STROKE} />
        </>
      );
    case 'tap':
      return (
        <>
          <rect x="4" y="5" width="13" height="22" rx="3" {...STROKE} />
          <path d="M9 23h3" {...STROKE} />
          <path d="M21 12a6 6 0 0 1 0 8M24.5 9a10.5 10.5 0 0 1 0 14" {...STROKE} />
        </>
      );
  }
}

/** The mark of `method` as decoration (the name beside it is what assistive technology reads). */
export function PaymentMethodMark({ method }: { method: string }) {
  const kind = KIND_OF_METHOD[method] ?? 'card';
  return (
    <svg
      className={`method-mark is-${kind}`}
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
      data-mark={kind}
    >
      <Drawing kind={kind} />
    </svg>
  );
}
