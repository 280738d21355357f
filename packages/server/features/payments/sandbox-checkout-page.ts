import type { Locale } from '@datekit/runtime/data/locales';
import { methodName } from '@datekit/runtime/rules/payments';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Translate } from '../../i18n/translator.ts';
import { escapeHtml } from '../../mail/layout.ts';
import { SANDBOX_CARD_LABEL, SANDBOX_CHECKOUT_PATH, SANDBOX_OUTCOMES } from './sandbox-provider.ts';

/**
 * The sandbox's hosted checkout: the brand's name and colours, the amount, and one button per
 * outcome. Submitting goes back to the sandbox, which decides the payment and reports it to the
 * webhook like a real provider, then sends the buyer back to the site.
 */
export function sandboxCheckoutPage(input: {
  brand: Brand;
  locale: Locale;
  translate: Translate;
  id: string;
  amountCents: number;
  currency: string;
  description: string;
  method: string;
  decided: boolean;
  /** A first card payment: paying it stores the sandbox's test card for repeat orders. */
  storesCard?: boolean;
}): string {
  const { brand, locale } = input;
  const t = (key: string, params?: Record<string, unknown>) =>
    escapeHtml(input.translate(locale, `checkout:${key}`, params));
  // The method as the member's mails and the site name it ("Credit card", "iDEAL"), never its id.
  const method = methodName(input.method, (key) => input.translate(locale, `mail:${key}`));
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: input.currency }).format(
    input.amountCents / 100,
  );
  const buttons = SANDBOX_OUTCOMES.map(
    (outcome, i) =>
      `<button type="submit" name="outcome" value="${outcome}" class="${i === 0 ? 'primary' : ''}" data-testid="sandbox-${outcome}">${t(`outcome_${outcome}`)}</button>`,
  ).join('');
  const body = input.decided
    ? `<p role="status">${t('decided')}</p>`
    : `<form method="post" action="${SANDBOX_CHECKOUT_PATH}"><input type="hidden" name="id" value="${escapeHtml(input.id)}">${buttons}</form>`;
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${t('title')} – ${escapeHtml(brand.name)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f4f4f6;color:${brand.theme.dark}}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:14px;box-shadow:0 10px 30px -12px rgba(0,0,0,.25);overflow:hidden}
header{padding:1.25rem 1.5rem;border-bottom:4px solid ${brand.theme.primary};font-weight:800;font-size:1.2rem;color:${brand.theme.primary}}
h1{margin:0 0 .5rem;font-size:1.45rem;line-height:1.2}.facts{margin:0;color:#444}
section{padding:1.5rem}.amount{font-size:2rem;font-weight:800;margin:.25rem 0 1rem}.note{font-size:.875rem;color:#555;background:#fff7e0;border-radius:8px;padding:.75rem}
form{display:grid;gap:.6rem;margin-top:1.25rem}button{font:inherit;font-weight:700;padding:.8rem 1rem;border-radius:10px;border:1.5px solid ${brand.theme.dark};background:#fff;color:${brand.theme.dark};cursor:pointer}
button.primary{background:${brand.theme.primary};border-color:${brand.theme.primary};color:#fff}
</style></head><body><main><header>${escapeHtml(brand.name)} · ${t('title')}</header><section>
<h1>${t('heading')}</h1>
<p class="facts">${escapeHtml(input.description)} · ${t(`method`)}: <span data-testid="sandbox-method">${escapeHtml(method)}</span></p>
<p class="amount" data-testid="sandbox-amount">${escapeHtml(amount)}</p>
<p class="note">${t('note')}</p>${input.storesCard ? `<p data-testid="sandbox-card">${t('card_stored', { card: SANDBOX_CARD_LABEL })}</p>` : ''}${body}</section></main></body></html>`;
}
