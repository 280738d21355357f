export { createApp, API_ROUTES } from './app.ts';
export { LISTEN_BACKLOG } from './http/listen-backlog.ts';
export { ConfigError, loadConfig, type ServerConfig } from './config.ts';
export { createServices } from './create-services.ts';
export { createDatabase, warnThrough, type Db, type Engine } from './db/database.ts';
export { migrateToLatest } from './db/migrate.ts';
export { rekeyLegacyMedia } from './media/rekey-legacy-media.ts';
export { seedDemoMembers, DEMO_ACCOUNT } from './seed/seed-demo.ts';
export type { Services } from './services.ts';
export { createLocalBus, createPostgresBus, type EventBus, type MemberEvent } from './realtime/event-bus.ts';
export { EVENT_RETENTION_MS, pruneEvents, startEventPruning } from './realtime/event-store.ts';
export { createJobRunner, JOB_CONCURRENCY, scheduleRecurringJobs } from './jobs/handlers.ts';
export { INLINE_SCRIPTS_FILE, inlineScriptHashes, type InlineScripts } from './site/inline-scripts.ts';
export { assertMigrated, NotMigratedError, pendingMigrations } from './db/migrate.ts';
export { exitOnSignals, shutdown, SHUTDOWN_DEADLINE_MS } from './ops/shutdown.ts';
export { setStartupProblem } from './ops/health.routes.ts';
export { ApiError } from './errors/api-error.ts';
export { isDatabaseUnavailable, unavailableReason } from './errors/database-unavailable.ts';
export { backupSqlite, pgDumpArgs, pgRestoreArgs, runPgTool } from './db/backup.ts';
export { grantCredits } from './features/credits/grant.ts';
export { approvePhotos, photosToCheck, rejectPhotos } from './features/photos/moderation.ts';
export { insertMember } from './features/users/insert-member.ts';
export type { NicheSearchDefaults } from './brands/search-defaults.ts';
export type { UnavailableBrand } from './brands/registry.ts';
export { normalizeHost } from './brands/host.ts';
export { listJobs } from './jobs/queue.ts';
export { createDiscountCode, disableDiscountCode, listDiscountCodes } from './features/discounts/manage-codes.ts';
export { refundPayment } from './features/payments/refund-payment.ts';
export { createSandboxProvider } from './features/payments/sandbox-provider.ts';
export { generateVapidKeys, withDemoVapidKeys } from './push/vapid.ts';
export {
  createOperator,
  disableOperator,
  hasOwner,
  issueEnrolmentCode,
  listOperators,
  MIN_OPERATOR_PASSWORD,
  type CreatedOperator,
  type IssuedEnrolmentCode,
} from './features/operator/operators.ts';
export { OPERATOR_ROLES, PERMISSIONS, type Permission } from './features/operator/permissions.ts';
export { openReports, type OpenReport } from './features/reports/report-queue.ts';
export { banMember, decideReport, unbanMember, type Decision } from './features/reports/decide-report.ts';
export * from './features/operator/dashboard-queries.ts';
export * from './features/operator/dashboard-rollup.ts';
export { dashboardRange } from './features/operator/dashboard.routes.ts';
export {
  addPostbackConfig,
  listPostbackConfigs,
  removePostbackConfig,
  POSTBACK_EVENTS,
  type PostbackConfig,
} from './features/postbacks/postback-configs.ts';
export { blockSource, listBlocks, unblockSource } from './features/postbacks/traffic-blocks.ts';
export { addExperiment, endExperiment, promoteArm, MAX_ARMS } from './features/experiments/manage-experiments.ts';
export { brandExperiments } from './features/experiments/experiments.queries.ts';
export { experimentReport } from './features/experiments/experiment-report.ts';
export { ALPHA, MIN_CONVERSIONS, MIN_VISITS } from './features/experiments/experiment-stats.ts';
export { funnelCsv, funnelReport } from './features/campaigns/funnel-report.ts';
