import type { Migration } from 'kysely/migration';
import * as accounts from './20261120_0001_accounts.ts';
import * as pageBounces from './20261120_0002_page_bounces.ts';
import * as passwordReset from './20261120_0003_password_reset.ts';
import * as members from './20261120_0004_members.ts';
import * as searchIndexes from './20261120_0005_search_indexes.ts';
import * as photoVariants from './20261120_0006_photo_variants.ts';
import * as signupTarget from './20261120_0007_signup_target.ts';
import * as chat from './20261121_0008_chat.ts';
import * as mediaKeys from './20261124_0009_media_keys.ts';
import * as memberEvents from './20261124_0010_member_events.ts';
import * as idempotencyKeys from './20261124_0011_idempotency_keys.ts';
import * as payments from './20261124_0014_payments.ts';
import * as account from './20261124_0020_account.ts';
import * as jobs from './20261124_0021_jobs.ts';
import * as mailNotifications from './20261124_0030_mail_notifications.ts';
import * as directDebit from './20261124_0040_direct_debit.ts';
import * as storedCards from './20261125_0110_stored_cards.ts';
import * as pushSubscriptions from './20261125_0120_push_subscriptions.ts';
import * as digestMails from './20261125_0130_digest_mails.ts';
import * as operators from './20261125_0140_operators.ts';
import * as reportsBans from './20261125_0150_reports_bans.ts';
import * as dashboardIndexes from './20261125_0160_dashboard_indexes.ts';
import * as dashboardRollup from './20261125_0170_dashboard_rollup.ts';
import * as signInsSanctions from './20261125_0180_sign_ins_sanctions.ts';
import * as sandboxMandateRevoked from './20261125_0190_sandbox_mandate_revoked.ts';
import * as searchIndexCoversId from './20261128_0200_search_index_covers_id.ts';
import * as discountsMemberHolds from './20261129_0300_discounts_member_holds.ts';
import * as vatPayments from './20261129_0400_vat_payments.ts';
import * as opspushEnrolmentPushSessions from './20261129_0600_opspush_enrolment_push_sessions.ts';
import * as reversalsDebtSynced from './20261129_0700_reversals_debt_synced.ts';
import * as chatSeenPresence from './20261129_0800_chat_seen_presence.ts';
import * as matchSeen from './20261129_0830_match_seen.ts';
import * as profileWhereabouts from './20261129_0900_profile_whereabouts.ts';
import * as postbacks from './20261129_1000_postbacks.ts';
import * as trafficQuality from './20261129_1010_traffic_quality.ts';
import * as landerVisits from './20261129_1100_lander_visits.ts';
import * as experiments from './20261129_1110_experiments.ts';
import * as profilePhotoVisible from './20261129_1200_profile_photo_visible.ts';
import * as searchOrderTies from './20261130_0800_search_order_ties.ts';
import * as usersGoneIndex from './20261130_0900_users_gone_index.ts';

/** Every migration, by timestamped name. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS: Record<string, Migration> = {
  '20261120_0001_accounts': accounts,
  '20261120_0002_page_bounces': pageBounces,
  '20261120_0003_password_reset': passwordReset,
  '20261120_0004_members': members,
  '20261120_0005_search_indexes': searchIndexes,
  '20261120_0006_photo_variants': photoVariants,
  '20261120_0007_signup_target': signupTarget,
  '20261121_0008_chat': chat,
  '20261124_0009_media_keys': mediaKeys,
  '20261124_0010_member_events': memberEvents,
  '20261124_0011_idempotency_keys': idempotencyKeys,
  '20261124_0014_payments': payments,
  '20261124_0020_account': account,
  '20261124_0021_jobs': jobs,
  '20261124_0030_mail_notifications': mailNotifications,
  '20261124_0040_direct_debit': directDebit,
  '20261125_0110_stored_cards': storedCards,
  '20261125_0120_push_subscriptions': pushSubscriptions,
  '20261125_0130_digest_mails': digestMails,
  '20261125_0140_operators': operators,
  '20261125_0150_reports_bans': reportsBans,
  '20261125_0160_dashboard_indexes': dashboardIndexes,
  '20261125_0170_dashboard_rollup': dashboardRollup,
  '20261125_0180_sign_ins_sanctions': signInsSanctions,
  '20261125_0190_sandbox_mandate_revoked': sandboxMandateRevoked,
  '20261128_0200_search_index_covers_id': searchIndexCoversId,
  '20261129_0300_discounts_member_holds': discountsMemberHolds,
  '20261129_0400_vat_payments': vatPayments,
  '20261129_0600_opspush_enrolment_push_sessions': opspushEnrolmentPushSessions,
  '20261129_0700_reversals_debt_synced': reversalsDebtSynced,
  '20261129_0800_chat_seen_presence': chatSeenPresence,
  '20261129_0830_match_seen': matchSeen,
  '20261129_0900_profile_whereabouts': profileWhereabouts,
  '20261129_1000_postbacks': postbacks,
  '20261129_1010_traffic_quality': trafficQuality,
  '20261129_1100_lander_visits': landerVisits,
  '20261129_1110_experiments': experiments,
  '20261129_1200_profile_photo_visible': profilePhotoVisible,
  '20261130_0800_search_order_ties': searchOrderTies,
  '20261130_0900_users_gone_index': usersGoneIndex,
};
