export { createApp, API_ROUTES } from './app.ts';
export { loadConfig, type ServerConfig } from './config.ts';
export { createServices } from './create-services.ts';
export { createDatabase, type Db, type Engine } from './db/database.ts';
export { migrateToLatest } from './db/migrate.ts';
export { rekeyLegacyMedia } from './media/rekey-legacy-media.ts';
export { seedDemoMembers, DEMO_ACCOUNT } from './seed/seed-demo.ts';
export type { Services } from './services.ts';
