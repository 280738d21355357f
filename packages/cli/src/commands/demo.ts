import path from 'node:path';
import {
  createOperator,
  DEMO_ACCOUNT,
  hasOwner,
  loadConfig,
  seedDemoMembers,
  withDemoVapidKeys,
} from '@datekit/server';
import { operatorLoginLines } from './operators.ts';
import { buildSites } from '../build/build-sites.ts';
import { migrate, openServices } from '../server-context.ts';
import { assertPortFree, PortInUseError } from './port-in-use.ts';
import { startServer } from './serve.ts';

const DEMO_BRAND = 'localhost';
const DEMO_OWNER_EMAIL = 'owner@operator.localhost';

/**
 * `npm start`: build the demo brand, migrate and seed the embedded database, then serve on :4321.
 * The server listens, and the demo says it is ready, only once seeding has finished; seeding is one
 * transaction, so stopping it midway leaves no half-seeded database (the next start seeds again).
 */
export async function demoCommand(): Promise<void> {
  // Read before building: Astro's build sets NODE_ENV=production in this process, and the demo on
  // plain http://localhost must not get production's HSTS, upgrade-insecure-requests and JSON logs.
  // Web push works in the demo too: without VAPID_* set, a key pair kept in var/vapid.json.
  const config = withDemoVapidKeys(loadConfig(), path.dirname(loadConfig().sqlitePath));
  try {
    // Before a build and a seeding that a taken port would waste.
    await assertPortFree(config.host, config.port);
  } catch (error) {
    if (!(error instanceof PortInUseError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return;
  }
  await buildSites({ brands: [DEMO_BRAND] });
  const services = await openServices(config);
  await migrate(services);
  const brand = services.brands.get(DEMO_BRAND)!;
  console.log('Seeding the demo members…');
  const seeded = await seedDemoMembers(services, brand);
  if (!seeded.skipped) console.log(`Seeded ${seeded.created} fictional demo members.`);
  // The operator console needs an owner to sign in with; created once, its login printed once.
  const owner = (await hasOwner(services))
    ? null
    : await createOperator(services, { email: DEMO_OWNER_EMAIL, role: 'owner' });
  await startServer({ services });
  const consoleUrl = `http://${services.config.operatorHost}:${services.config.port}`;
  if (owner)
    for (const line of ['', `Operator console: ${consoleUrl}`, ...operatorLoginLines(owner, true)]) console.log(line);
  else console.log(`\nOperator console: ${consoleUrl}  (owner created at the first start: datekit operators list)`);
  console.log(
    `\nDemo ready: http://localhost:${services.config.port}  (log in as ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password})`,
  );
}
