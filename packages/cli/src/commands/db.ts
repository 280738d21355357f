import { seedDemoMembers, DEMO_ACCOUNT } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

/** `datekit db migrate`: brings the schema to the latest migration. */
export async function migrateCommand(): Promise<void> {
  const services = await openServices();
  try {
    const applied = await migrate(services);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await services.db.destroy();
  }
}

/** `datekit db seed`: fictional demo members and the demo login for a brand. */
export async function seedCommand(options: { brand: string; count: string }): Promise<void> {
  const services = await openServices();
  try {
    const brand = services.brands.get(options.brand);
    if (!brand) throw new Error(`Unknown brand "${options.brand}"`);
    await migrate(services);
    const result = await seedDemoMembers(services, brand, Number(options.count));
    console.log(
      result.skipped
        ? `${brand.domain} already has demo members; nothing to do.`
        : `Seeded ${result.created} fictional members on ${brand.domain}. Demo login: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
    );
  } finally {
    await services.db.destroy();
  }
}
