import type { Database } from '../../db/schema.ts';

/**
 * How long the payment records of an erased member are kept, and why. The longest period among the
 * laws of the markets datekit sells in: the EU VAT Directive (2006/112/EC) art. 369k(2) asks a seller
 * in the one-stop shop (digital services to consumers, taxed at the member's country's rate) to keep
 * the record of each sale 10 years from the end of the year of the sale, with the member's country,
 * date, amounts and VAT (Implementing Regulation 282/2011 art. 63c). National bookkeeping laws ask
 * for the same or less: DE 10 years for books and 8 for vouchers (§147 AO, §257 HGB), FI 10 / 6
 * (kirjanpitolaki 2:10), NL 7 (art. 52 AWR), SE 7 (bokföringslagen 7:2), DK 5 (bogføringsloven §12),
 * NO 5 (bokføringsloven §13). An assumption the operator confirms for their own jurisdiction.
 */
export const BOOKKEEPING_RETENTION = {
  years: 10,
  basis: 'EU VAT Directive 2006/112/EC art. 369k(2) (OSS records, 10 years from the end of the year of the sale)',
} as const;

/** Where a table holding a member's rows goes in the data export: the file, or why it stays out. */
export type ExportRule = { file: string } | { omitted: string };

/** What erasure does with a table's rows of the member: gone, or kept (minimised) and why. */
export type ErasureRule = 'deleted' | { kept: string };

/**
 * Every table with a column that refers to a member (found from the schema's foreign keys by
 * `member-data.test.ts`, which fails on a table missing here): what the export (GDPR art. 15 and 20)
 * and the erasure (art. 17) do with its rows of that member. The one list the README's privacy section
 * describes.
 */
export const MEMBER_DATA: Partial<Record<keyof Database, { export: ExportRule; erasure: ErasureRule }>> = {
  users: {
    export: { file: 'account.json' },
    erasure: {
      kept: `anonymous stub (id, brand, dates, premium flag; e-mail replaced) that the kept payment records point to`,
    },
  },
  profiles: { export: { file: 'profile.json' }, erasure: 'deleted' },
  profile_interests: { export: { file: 'profile.json' }, erasure: 'deleted' },
  photos: { export: { file: 'profile.json' }, erasure: 'deleted' },
  sessions: { export: { file: 'sessions.json' }, erasure: 'deleted' },
  member_sign_ins: { export: { file: 'sign-ins.json' }, erasure: 'deleted' },
  notification_preferences: { export: { file: 'consents.json' }, erasure: 'deleted' },
  mail_suppressions: { export: { file: 'consents.json' }, erasure: 'deleted' },
  conversations: { export: { file: 'conversations.json' }, erasure: 'deleted' },
  conversation_members: { export: { file: 'conversations.json' }, erasure: 'deleted' },
  messages: { export: { file: 'messages-sent.json' }, erasure: 'deleted' },
  likes: { export: { file: 'likes.json' }, erasure: 'deleted' },
  blocks: { export: { file: 'blocks.json' }, erasure: 'deleted' },
  credit_ledger: {
    export: { file: 'credit-ledger.json' },
    erasure: { kept: `purchases, refunds and chargebacks (no note): ${BOOKKEEPING_RETENTION.basis}` },
  },
  payments: {
    export: { file: 'payments.json' },
    erasure: { kept: `amounts, VAT, country, method, dates (no checkout link): ${BOOKKEEPING_RETENTION.basis}` },
  },
  debit_mandates: { export: { file: 'payment-means.json' }, erasure: 'deleted' },
  card_mandates: { export: { file: 'payment-means.json' }, erasure: 'deleted' },
  payment_customers: { export: { file: 'payment-means.json' }, erasure: 'deleted' },
  push_subscriptions: { export: { file: 'push-subscriptions.json' }, erasure: 'deleted' },
  reports: {
    export: { file: 'reports.json' },
    erasure: {
      kept: 'reports about the member (the reporter’s notice and the decision, DSA art. 17 and 20); reports the member made are anonymised (no name, address, subject or text)',
    },
  },
  member_sanctions: { export: { file: 'sanctions.json' }, erasure: 'deleted' },
  digest_mails: { export: { file: 'consents.json' }, erasure: 'deleted' },
  discount_codes: { export: { file: 'discount-codes.json' }, erasure: 'deleted' },
  discount_member_holds: {
    export: { omitted: 'which of your payments took a once-per-member discount: payments.json shows its code' },
    erasure: 'deleted',
  },
  operator_notes: { export: { file: 'staff-notes.json' }, erasure: 'deleted' },
  signup_quality: {
    export: {
      omitted:
        'a score of how likely your signup was automated, and its reasons: used only to decide what the advertising network is told',
    },
    erasure: 'deleted',
  },
  postback_deliveries: {
    export: {
      omitted:
        'conversions reported to the advertising network you came from: the network and its values are in account.json, the network got a random id, nothing about you',
    },
    erasure: 'deleted',
  },
  member_events: {
    export: { omitted: 'live events already delivered to open tabs: copies of data exported elsewhere' },
    erasure: 'deleted',
  },
  member_presence: { export: { omitted: 'one timestamp, when a tab was last open' }, erasure: 'deleted' },
  activation_tokens: { export: { omitted: 'hashes of one-time link secrets' }, erasure: 'deleted' },
  password_reset_tokens: { export: { omitted: 'hashes of one-time link secrets' }, erasure: 'deleted' },
  account_tokens: { export: { omitted: 'hashes of one-time link secrets' }, erasure: 'deleted' },
  unsubscribe_tokens: { export: { omitted: 'hashes of one-time link secrets' }, erasure: 'deleted' },
};
