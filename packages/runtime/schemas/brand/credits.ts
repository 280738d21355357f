import { z } from 'zod';
import { CURRENCIES, COUNTRY_CODES, type Currency } from '../../data/countries.ts';
import { MAX_CREDITS_PER_BOOKING } from '../../rules/constants.ts';

/** A number of credits as a brand states it: whole, within what one ledger row may move. */
const credits = () => z.number().int().max(MAX_CREDITS_PER_BOOKING);

/** Payment methods a brand can offer (spec §9; the Mollie method names where Mollie has them). */
export const PAYMENT_METHODS = [
  'directdebit',
  'banktransfer',
  'ideal',
  'bancontact',
  'giropay',
  'blik',
  'creditcard',
  'paypal',
  'applepay',
  'paysafecard',
  'sofort',
  'eps',
  'przelewy24',
] as const;

/** A plausible price of a 50-credit bundle per currency, used only to show a correct example in errors. */
export const EXAMPLE_BUNDLE_PRICES: Record<Currency, number> = {
  EUR: 19.95,
  DKK: 149,
  SEK: 219,
  NOK: 219,
  PLN: 89,
  CHF: 19.9,
  GBP: 17.95,
  USD: 21.95,
};

export const creditBundleSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, {
      error: 'must be a short id of lower-case letters, digits and dashes, such as "starter"',
    })
    .meta({ description: 'Stable id of the bundle, used in `/credits/{id}`.', examples: ['starter'] }),
  credits: credits()
    .positive()
    .meta({ description: 'Credits the member receives.', examples: [50] }),
  prices: z.partialRecord(z.enum(CURRENCIES).meta({ title: 'currency' }), z.number().positive()).meta({
    description: "Price per currency, VAT included. Every currency of the brand's countries needs one.",
    examples: [{ EUR: 19.95, DKK: 149 }],
  }),
  popular: z
    .boolean()
    .default(false)
    .meta({ description: 'Highlight this bundle as the most chosen; at most one bundle may.', examples: [true] }),
});

const messageCostSchema = z.strictObject({
  costs: z
    .number()
    .positive()
    .meta({ description: 'Price of one message.', examples: [2.49] }),
  currency: z.enum(CURRENCIES).meta({ description: "The country's currency.", examples: ['DKK'] }),
});

/** What things cost and what members get (spec §1, §3, §5). */
export const creditsSchema = z.object({
  message_credits: credits()
    .min(0)
    .default(10)
    .meta({ description: 'Credits one chat message costs.', examples: [10] }),
  photo_credits: credits()
    .min(0)
    .default(20)
    .meta({ description: 'Credits one photo in the chat costs.', examples: [20] }),
  gift_credits: credits()
    .min(0)
    .default(30)
    .meta({ description: 'Default credits a gift costs.', examples: [30] }),
  signup_credits: credits()
    .min(0)
    .default(20)
    .meta({ description: 'Free credits a new member receives on activation.', examples: [20] }),
  message_length: z
    .number()
    .int()
    .min(20)
    .max(5000)
    .default(1000)
    .meta({ description: 'Maximum length of one chat message, in characters.', examples: [1000] }),
  refund_days: z
    .number()
    .int()
    .min(0)
    .max(365)
    .default(14)
    .meta({ description: 'Days within which unused credits are refunded (the return policy).', examples: [14] }),
  member_resell: z
    .boolean()
    .default(false)
    .meta({ description: 'Show the cam/resell promo tile.', examples: [false] }),
  minimum_message_costs: z
    .partialRecord(z.enum(COUNTRY_CODES).meta({ title: 'country' }), messageCostSchema)
    .optional()
    .meta({
      description:
        'Lowest price of one message per country. Computed from the bundle with the lowest price per credit when not given; give it only to override.',
      examples: [{ DK: { costs: 2.49, currency: 'DKK' } }],
    }),
  credit_bundles: z
    .array(creditBundleSchema)
    .min(1)
    .meta({
      description: 'Credit bundles on sale, cheapest first. Buying any bundle makes a member premium.',
      examples: [[{ id: 'starter', credits: 50, prices: { DKK: 149 } }]],
    }),
  payment_methods: z
    .array(z.enum(PAYMENT_METHODS))
    .min(1)
    .default(['creditcard', 'paypal'])
    .meta({
      description:
        "Payment methods offered at checkout, by Mollie's names. Local methods show only in their country (ideal NL, bancontact BE, eps AT, blik and przelewy24 PL); giropay and sofort are discontinued and never offered.",
      examples: [['creditcard', 'paypal', 'ideal']],
    }),
  payment_methods_by_country: z
    .partialRecord(z.enum(COUNTRY_CODES).meta({ title: 'country' }), z.array(z.enum(PAYMENT_METHODS)).min(1))
    .optional()
    .meta({
      description: 'Payment methods for members of one country, in place of `payment_methods`.',
      examples: [{ PL: ['blik', 'przelewy24', 'creditcard'] }],
    }),
});

/** Methods whose schemes were discontinued: giropay (2024) and sofort (2025). */
export const DISCONTINUED_PAYMENT_METHODS = { giropay: 2024, sofort: 2025 } as const;

/**
 * What a brand file may say but should not: discontinued payment methods are accepted (old files
 * keep validating) and never offered. Answers one readable warning per mention.
 */
export function paymentMethodWarnings(brand: {
  payment_methods: readonly string[];
  payment_methods_by_country?: Partial<Record<string, readonly string[]>> | undefined;
}): string[] {
  const lists: [string, readonly string[]][] = [
    ['payment_methods', brand.payment_methods],
    ...Object.entries(brand.payment_methods_by_country ?? {}).map(([country, methods]): [string, readonly string[]] => [
      `payment_methods_by_country.${country}`,
      methods ?? [],
    ]),
  ];
  return lists.flatMap(([field, methods]) =>
    methods.flatMap((method) => {
      const year = DISCONTINUED_PAYMENT_METHODS[method as keyof typeof DISCONTINUED_PAYMENT_METHODS];
      return year
        ? [`${field}: "${method}" was discontinued by its scheme in ${year}; it is accepted but never offered`]
        : [];
    }),
  );
}
