import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of every table. Times are unix milliseconds (bigint), booleans are 0/1 integers: the one
 * representation both SQLite and PostgreSQL store and compare the same way.
 */
export interface UsersTable {
  id: Generated<number>;
  brand: string;
  email: string;
  email_normalized: string;
  password_hash: string | null;
  status: 'not_confirmed' | 'active';
  language: string;
  paid_user: number;
  created_at: number;
  activated_at: number | null;
  accepted_terms_at: number | null;
  signup_message: string | null;
  /** Whom the signup message is for, when the visitor signed up from a member's page. */
  signup_target_id: Generated<number | null>;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  /** The lander the signup came through (features/landers/lander-attribution.ts); null for none. */
  lander_variant: Generated<string | null>;
  lander_niche: Generated<string | null>;
  /** The experiment and arm that chose that lander, when one did. */
  experiment_id: Generated<number | null>;
  experiment_arm: Generated<string | null>;
  /** Set while the account is pending deletion (spec §4): hidden from everyone, reactivable for 14 days. */
  deletion_requested_at: Generated<number | null>;
  /** Set once the personal data is erased; the row stays only for the payment records the law requires. */
  erased_at: Generated<number | null>;
  /** A moderator's sanction while it lasts (features/reports/sanctions.ts): the member is out of sight and locked out. */
  sanction: Generated<'ban' | 'suspension' | null>;
  sanctioned_at: Generated<number | null>;
  /** When a suspension ends; null for a ban. */
  sanction_ends_at: Generated<number | null>;
}

export interface ProfilesTable {
  /** Same value as users.id: a profile is the public face of exactly one user. */
  id: number;
  brand: string;
  name: string;
  gender: 'male' | 'female' | null;
  birth_date: string;
  country: string;
  region: string | null;
  city: string | null;
  about: string | null;
  status: 'active' | 'disabled';
  fictional: number;
  created_at: number;
  sexuality: string | null;
  relationship_status: string | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  tattoos: string | null;
  signup_reason: string | null;
  /** Invisible mode (spec §6): hidden from search; others cannot message or like them. */
  invisible: Generated<number>;
  /** The member hides from others whether they are online or were active today. */
  hide_presence: Generated<number>;
  /** The centre of the member's town, for distances in search (`placeOfProfile`); null when unknown. */
  lat: Generated<number | null>;
  lon: Generated<number | null>;
  /**
   * 1 while the member has an approved main photo, else 0: search lists them first. Kept by triggers
   * on `photos` (migration 20261129_1200); never written by the application.
   */
  photo_visible: Generated<number>;
}

export interface ProfileInterestsTable {
  profile_id: number;
  interest_id: number;
}

export interface LikesTable {
  liker_id: number;
  liked_id: number;
  created_at: number;
  is_new: Generated<number>;
  source: Generated<'profile' | 'swipe'>;
  /** When the liker saw the match moment with the liked member; null while a match is unseen (match-moment.ts). */
  match_seen_at: Generated<number | null>;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: number;
}

export interface PhotosTable {
  id: Generated<number>;
  profile_id: number;
  filename: string;
  thumb_filename: string;
  match_filename: string;
  status: 'active' | 'inspection';
  is_main: number;
  created_at: number;
  /** What free viewers get instead of the photo (null for photos made before blurring existed). */
  blurred_filename: string | null;
  width: number | null;
  height: number | null;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked database holds no usable session. */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface ActivationTokensTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface LoginThrottleTable {
  /** brand + normalized e-mail, so unknown addresses are throttled exactly like known ones. */
  key: string;
  failures: number;
  window_started_at: number;
  blocked_until: number | null;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  /** Positive for grants and purchases, negative for spending. The balance is the sum. */
  amount: number;
  /**
   * `refund_refused`: an operator's refund the provider refused, given back under the attempt's ref;
   * `debt`: credits a provider's refund or chargeback could not take back, taken from a later purchase.
   */
  reason:
    | 'signup_bonus'
    | 'grant'
    | 'purchase'
    | 'message'
    | 'photo'
    | 'gift'
    | 'refund'
    | 'refund_refused'
    | 'chargeback'
    | 'debt';
  /** Unique per reason when set: the same payment or bonus can never be booked twice. */
  ref: string | null;
  note: string | null;
  created_at: number;
}

export interface PageBouncesTable {
  id: Generated<number>;
  brand: string;
  path: string;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  created_at: number;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PasswordResetRequestsTable {
  id: Generated<number>;
  /** brand + normalized e-mail, like the login throttle. */
  key: string;
  created_at: number;
}

export interface ConversationsTable {
  id: Generated<number>;
  brand: string;
  member_a: number;
  member_b: number;
  started_by: number;
  created_at: number;
  last_message_at: number;
}

export interface ConversationMembersTable {
  conversation_id: number;
  member_id: number;
  unread: Generated<number>;
  cleared_at: number | null;
  hidden: Generated<number>;
  /** The newest message the member had on screen: the partner's read receipt ("Seen"). */
  seen_message_id: Generated<number | null>;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  kind: 'text' | 'gift' | 'photo';
  body: string | null;
  gift_id: string | null;
  photo_filename: string | null;
  /** The blurred version of the photo, under its own random name (a free recipient gets this). */
  photo_blurred_filename: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
}

/** One live event for one member (realtime/event-store.ts); `payload` is the event's JSON. */
export interface MemberEventsTable {
  id: Generated<number>;
  member_id: number;
  type: string;
  payload: string;
  created_at: number;
}

export interface AccountTokensTable {
  /** sha256 of the link's secret. */
  token_hash: string;
  user_id: number;
  kind: 'mail_change' | 'reactivation';
  new_email: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface NotificationPreferencesTable {
  user_id: number;
  type: string;
  enabled: number;
  updated_at: number;
}

export interface MailSuppressionsTable {
  user_id: number;
  reason: 'fbl' | 'bounce' | 'listunsubscribe';
  created_at: number;
}

/** When the member last had a tab open (an event stream), for every instance to see. */
export interface MemberPresenceTable {
  user_id: number;
  stream_seen_at: number;
}

/** A browser a member turned web push on in (spec §7). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The member session that stored it (hashed like sessions.token_hash): its logout forgets it. */
  session_hash: string | null;
  created_at: number;
  updated_at: number;
}

/** A one-click unsubscribe link of a notification mail: turns `type` off for the member. */
export interface UnsubscribeTokensTable {
  token_hash: string;
  user_id: number;
  type: string;
  created_at: number;
}

/** A digest mail claimed for a member and period (features/notifications/digests). */
export interface DigestMailsTable {
  user_id: number;
  kind: 'unread_reminder' | 'weekly_update';
  period: string;
  covers_until: number | null;
  sent: number;
  created_at: number;
}

export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON. */
  payload: string;
  unique_key: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  run_at: number;
  attempts: Generated<number>;
  max_attempts: number;
  locked_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

/** A claimed `Idempotency-Key`: in progress while its request runs, then the first answer, kept 24 h. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  /** `member:<id>` or `session:<hash>`: whose key it is. */
  scope: string;
  /** Method and URL of the route, e.g. `POST /api/message.php`. */
  route: string;
  key: string;
  /** SHA-256 of the request's query and body: the same key with another request is refused. */
  fingerprint: string;
  status: 'in_progress' | 'done';
  /** When the request holding the key started; a claim older than the stale limit may be taken over. */
  locked_at: number;
  response_status: number | null;
  /** The first answer's JSON. */
  response_body: string | null;
  created_at: number;
}

export type PaymentStatus =
  'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired' | 'refunded' | 'charged_back';

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  brand: string;
  provider: string;
  provider_payment_id: string | null;
  bundle_id: string;
  credits: number;
  amount_cents: number;
  list_amount_cents: number;
  currency: string;
  method: string;
  country: string;
  status: PaymentStatus;
  discount_code: string | null;
  discount_percent: Generated<number>;
  checkout_url: string | null;
  origin: string;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  refunded_at: number | null;
  credits_reversed: Generated<number>;
  refunded_cents: Generated<number>;
  /**
   * Credits a refund or chargeback at the provider could not take back (the member had spent them):
   * the member's debt, taken from their next purchase (credit-debt.ts), down to 0 as it is settled.
   */
  credits_unrecovered: Generated<number>;
  /** When the provider last confirmed this payment's final state: webhook replays soon after skip the call. */
  synced_at: number | null;
  /** VAT rate in hundredths of a percent (2550 = 25.5 %), set at creation; null: no VAT line (old, or no VAT there). */
  vat_rate_bp: Generated<number | null>;
  net_cents: Generated<number | null>;
  vat_cents: Generated<number | null>;
}

/** `invalid`: a debit on it failed and the provider calls the mandate unusable (closed account, revoked). */
export type MandateStatus = 'pending' | 'valid' | 'replaced' | 'invalid';

/** A member's SEPA direct debit mandate, confirmed by a one-time code sent to their phone. */
export interface DebitMandatesTable {
  id: Generated<number>;
  user_id: number;
  brand: string;
  status: MandateStatus;
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
  code_hash: string | null;
  code_expires_at: number | null;
  code_attempts: Generated<number>;
  provider: string | null;
  provider_customer_id: string | null;
  provider_mandate_id: string | null;
  created_at: number;
  confirmed_at: number | null;
}

/** The sandbox provider's own record of a checkout, as a real provider keeps it on its side. */
export interface SandboxPaymentsTable {
  id: string;
  amount_cents: number;
  currency: string;
  description: string;
  method: string;
  locale: string;
  brand: string;
  redirect_url: string;
  status: 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';
  settles_at: number | null;
  refunded_cents: Generated<number>;
  charged_back: Generated<number>;
  created_at: number;
  /** `first` for a card payment that leaves a mandate, `recurring` for one charged to it; null: one-off. */
  sequence_type: 'first' | 'recurring' | null;
  customer_id: string | null;
  /** The sandbox card mandate a paid first payment left, or the one a recurring payment charged. */
  mandate_id: string | null;
  /** On a first payment: when its card mandate was revoked (recurring charges on it are refused). */
  mandate_revoked_at: number | null;
}

/** The provider's customer for a member, made for the first card payment. */
export interface PaymentCustomersTable {
  user_id: number;
  provider: string;
  customer_id: string;
  created_at: number;
}

/** A card mandate left by a paid first card payment: what a one-click repeat order charges. */
export interface CardMandatesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_customer_id: string;
  provider_mandate_id: string;
  label: string;
  /** `invalid`: the provider refused a charge and reports the mandate unusable (revoked, expired card). */
  status: 'valid' | 'replaced' | 'invalid';
  created_at: number;
}

/** A `once` discount code held by one payment (unique per brand and code) until it fails or expires. */
export interface DiscountReservationsTable {
  brand: string;
  code: string;
  payment_id: number;
  created_at: number;
}

/** A once-per-user discount held by one payment of one member (discount-reservations.ts). */
export interface DiscountMemberHoldsTable {
  brand: string;
  code: string;
  user_id: number;
  payment_id: number;
  created_at: number;
}

export interface DiscountCodesTable {
  id: Generated<number>;
  brand: string;
  code: string;
  value_percentage: number;
  minimum_order_cents: Generated<number>;
  country: string | null;
  user_id: number | null;
  expires_at: number | null;
  currency: string | null;
  status: 'active' | 'disabled';
  validity: 'once-per-user' | 'once' | 'unlimited';
  payment_methods: string | null;
  created_at: number;
}

export type OperatorRole = 'owner' | 'moderator' | 'support' | 'finance';

/** Staff of the installation (the operator console), apart from members. */
export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  role: OperatorRole;
  password_hash: string;
  totp_secret: string;
  totp_enrolled_at: number | null;
  totp_last_step: number | null;
  challenge_hash: string | null;
  challenge_expires_at: number | null;
  /** sha256 of the one-time enrolment code `datekit operators add|enrol-code` printed; null once used. */
  enrol_code_hash: string | null;
  enrol_code_expires_at: number | null;
  status: 'active' | 'disabled';
  created_at: number;
  last_login_at: number | null;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: number;
  created_at: number;
  expires_at: number;
}

/** Who did what to whom, when and why. Rows are only ever inserted. */
export interface OperatorAuditTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_email: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  details: string | null;
  created_at: number;
}

export interface OperatorNotesTable {
  id: Generated<number>;
  user_id: number;
  operator_id: number;
  body: string;
  created_at: number;
}

/** A notice about a member or content (DSA art. 16), from a member, a visitor or the complaints form. */
export interface ReportsTable {
  id: Generated<number>;
  brand: string;
  reporter_id: number | null;
  reporter_name: string | null;
  reporter_email: string | null;
  language: string;
  reported_id: number | null;
  context: 'profile' | 'conversation' | 'message' | 'complaint';
  context_id: number | null;
  subject: string | null;
  reason: string;
  text: string;
  status: 'open' | 'decided';
  decision: string | null;
  decision_ground: string | null;
  decision_facts: string | null;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
}

/** Days the dashboard roll-up covers (features/operator/dashboard-rollup.ts). */
export interface DashboardDaysTable {
  day: number;
  rolled_at: number;
}

/** Dashboard figures per UTC day number and brand ('' = every brand). */
export interface DashboardDailyTable {
  brand: string;
  day: number;
  signups: number;
  activations: number;
  messages: number;
  senders: number;
  first_purchases: number;
}

export interface DashboardDailyPaymentsTable {
  brand: string;
  day: number;
  currency: string;
  payments: number;
  cents: number;
}

export interface DashboardSignupTrackingTable {
  day: number;
  brand: string;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  signups: number;
}

export interface DashboardRevenueTrackingTable {
  day: number;
  brand: string;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  currency: string;
  payments: number;
  cents: number;
}

export type SignInMethod =
  'password' | 'signup' | 'activation_link' | 'password_reset' | 'reactivation_link' | 'reactivation_password';
export type SignInOutcome = 'ok' | 'wrong_password' | 'blocked' | 'banned' | 'suspended' | 'pending_deletion';

/** One sign-in attempt of a member (kept 180 days; see features/auth/sign-ins.ts). */
/** Lander visits per UTC day number and key; '' / 0 where a key part does not apply (no niche, no experiment). */
export interface LanderVisitsTable {
  day: number;
  brand: string;
  variant: string;
  niche: string;
  experiment_id: number;
  arm: string;
  network: string;
  sub1: string;
  visits: number;
}

/** A lander experiment of a brand (features/experiments/). */
export interface ExperimentsTable {
  id: Generated<number>;
  brand: string;
  /** The URL path whose visitors the experiment splits, e.g. `/go/summer`. */
  path: string;
  name: string;
  status: 'running' | 'ended';
  /** The arm that gets all traffic once promoted; null while running or when ended without one. */
  winner_arm: string | null;
  created_at: number;
  ended_at: number | null;
}

export interface ExperimentArmsTable {
  experiment_id: number;
  /** 'a' (the control), 'b', 'c'… */
  arm: string;
  variant: string;
  niche: string | null;
  weight: number;
}

export interface MemberSignInsTable {
  id: Generated<number>;
  user_id: number;
  at: number;
  method: SignInMethod;
  outcome: SignInOutcome;
  ip_prefix: string | null;
  user_agent: string | null;
}

/** One ban or suspension of a member, running (ended_at null) or past. */
export interface MemberSanctionsTable {
  id: Generated<number>;
  user_id: number;
  sanction: 'ban' | 'suspension';
  started_at: number;
  ends_at: number | null;
  operator_id: number | null;
  report_id: number | null;
  ground: string | null;
  facts: string | null;
  ended_at: number | null;
  ended_how: 'lifted' | 'expired' | 'replaced' | null;
  ended_by: number | null;
  end_reason: string | null;
}

/** The conversions an affiliate network may hear of (features/postbacks/). */
export type PostbackEvent = 'soi' | 'doi' | 'sale' | 'reversal';

/**
 * `queued`: waiting for (another) attempt; `sent`: the network answered 2xx; `failed`: every attempt
 * failed; `refused`: the endpoint is not a public https address; `held`: a flagged signup's SOI
 * waiting for an operator; `rejected`: an operator refused it (never sent); `blocked`: the source is
 * blocked (never sent).
 */
export type PostbackStatus = 'queued' | 'sent' | 'failed' | 'refused' | 'held' | 'rejected' | 'blocked';

/** A marketer's postback URL per brand and network (migration 20261129_1000_postbacks). */
export interface PostbackConfigsTable {
  id: Generated<number>;
  brand: string;
  network: string;
  /** Comma-separated PostbackEvent values. */
  events: string;
  url_template: string;
  /** 1: SOI postbacks of flagged signups wait for an operator; 0: sent anyway. */
  hold: number;
  created_at: number;
  /** `cli` or `operator:<id>`. */
  created_by: string;
  removed_at: number | null;
}

export interface PostbackDeliveriesTable {
  id: Generated<number>;
  config_id: number;
  brand: string;
  event: PostbackEvent;
  user_id: number;
  /** The payment's id for sale and reversal, 0 for soi and doi: part of the once-only key. */
  order_key: number;
  conversion_id: string;
  url: string;
  status: PostbackStatus;
  created_at: number;
  sent_at: number | null;
  /** When and by whom a held one was released or rejected. */
  decided_at: number | null;
  decided_by: string | null;
}

export interface PostbackAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  at: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** A signup's traffic-quality score (migration 20261129_1010_traffic_quality). */
export interface SignupQualityTable {
  user_id: number;
  brand: string;
  /** 0–100; at or above the brand's `traffic_hold_score` its SOI postbacks are held. */
  score: number;
  /** Comma-separated SignupQualityReason values. */
  reasons: string;
  /** 1: the score reached the brand's traffic_hold_score at signup: its SOI postbacks are held (configs with hold on). */
  flagged: number;
  /** 1: its source was blocked when it signed up; none of its conversions is posted back. */
  blocked: number;
  /** The signup's address as its /24 (IPv4) or /48 (IPv6); null when unknown. */
  ip_block: string | null;
  created_at: number;
}

/** A source a marketer blocked: a network, or one sub1 of it. */
export interface TrafficBlocksTable {
  id: Generated<number>;
  brand: string;
  network: string;
  sub1: string | null;
  created_at: number;
  created_by: string;
  removed_at: number | null;
}

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  photos: PhotosTable;
  sessions: SessionsTable;
  activation_tokens: ActivationTokensTable;
  login_throttle: LoginThrottleTable;
  credit_ledger: CreditLedgerTable;
  page_bounces: PageBouncesTable;
  password_reset_tokens: PasswordResetTokensTable;
  password_reset_requests: PasswordResetRequestsTable;
  profile_interests: ProfileInterestsTable;
  likes: LikesTable;
  blocks: BlocksTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  member_events: MemberEventsTable;
  account_tokens: AccountTokensTable;
  notification_preferences: NotificationPreferencesTable;
  mail_suppressions: MailSuppressionsTable;
  jobs: JobsTable;
  member_presence: MemberPresenceTable;
  push_subscriptions: PushSubscriptionsTable;
  unsubscribe_tokens: UnsubscribeTokensTable;
  digest_mails: DigestMailsTable;
  idempotency_keys: IdempotencyKeysTable;
  payments: PaymentsTable;
  sandbox_payments: SandboxPaymentsTable;
  discount_codes: DiscountCodesTable;
  debit_mandates: DebitMandatesTable;
  payment_customers: PaymentCustomersTable;
  card_mandates: CardMandatesTable;
  discount_reservations: DiscountReservationsTable;
  discount_member_holds: DiscountMemberHoldsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_audit: OperatorAuditTable;
  operator_notes: OperatorNotesTable;
  reports: ReportsTable;
  dashboard_days: DashboardDaysTable;
  dashboard_daily: DashboardDailyTable;
  dashboard_daily_payments: DashboardDailyPaymentsTable;
  dashboard_signup_tracking: DashboardSignupTrackingTable;
  dashboard_revenue_tracking: DashboardRevenueTrackingTable;
  member_sign_ins: MemberSignInsTable;
  lander_visits: LanderVisitsTable;
  experiments: ExperimentsTable;
  experiment_arms: ExperimentArmsTable;
  member_sanctions: MemberSanctionsTable;
  postback_configs: PostbackConfigsTable;
  postback_deliveries: PostbackDeliveriesTable;
  postback_attempts: PostbackAttemptsTable;
  signup_quality: SignupQualityTable;
  traffic_blocks: TrafficBlocksTable;
}
