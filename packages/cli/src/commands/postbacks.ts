import type { Command } from 'commander';
import {
  addPostbackConfig,
  ApiError,
  blockSource,
  listPostbackConfigs,
  POSTBACK_EVENTS,
  removePostbackConfig,
  unblockSource,
} from '@datekit/server';
import type { Services } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

/** Runs a command's work; a refusal prints its English message (the same text the console shows) and exits 1. */
async function withServices(work: (services: Services) => Promise<void>): Promise<void> {
  const services = await openServices();
  try {
    await migrate(services);
    await work(services);
  } catch (error) {
    const message =
      error instanceof ApiError
        ? services.translate('en', `errors:${error.code}`, error.params)
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(message);
    process.exitCode = 1;
  } finally {
    await services.db.destroy();
  }
}

/** `datekit postbacks add|list|remove`: conversion postbacks to affiliate networks (docs/marketing.md). */
export function registerPostbacks(program: Command): void {
  const postbacks = program
    .command('postbacks')
    .description("Manage a brand's conversion postbacks to affiliate networks (in force at once, no rebuild)");
  postbacks
    .command('add')
    .description("Post conversions of one network's signups back to it")
    .requiredOption('--brand <domain>', 'the brand')
    .requiredOption('--network <name>', 'the `network` tracking value of the signups it is for')
    .requiredOption('--events <list>', `comma-separated: ${POSTBACK_EVENTS.join(', ')}`)
    .requiredOption(
      '--url <template>',
      'https URL with placeholders {network} {ref} {sub1} {sub2} {sub3} {event} {amount} {currency} {order_id} {conversion_id}',
    )
    .option('--hold <on|off>', 'off: send SOI postbacks of signups flagged as junk traffic too', 'on')
    .action(async (o: { brand: string; network: string; events: string; url: string; hold: string }) =>
      withServices(async (services) => {
        if (o.hold !== 'on' && o.hold !== 'off') throw new Error('--hold must be on or off');
        if (!services.brands.get(o.brand)) throw new Error(`no brand ${o.brand}`);
        const config = await addPostbackConfig(services, {
          brand: o.brand,
          network: o.network,
          events: o.events.split(','),
          url: o.url,
          hold: o.hold === 'on',
        });
        console.log(`Added postback ${config.id}: ${config.brand} ${config.network} ${config.events.join(',')}`);
      }),
    );
  postbacks
    .command('list')
    .description('List the postback configs in force')
    .option('--brand <domain>', 'only this brand')
    .action(async (o: { brand?: string }) =>
      withServices(async (services) => {
        const configs = await listPostbackConfigs(services.db, o.brand);
        if (!configs.length) console.log('No postbacks.');
        for (const c of configs) {
          const hold = c.hold ? 'hold on' : 'hold off';
          console.log(`${c.id}\t${c.brand}\t${c.network}\t${c.events.join(',')}\t${hold}\t${c.url}`);
        }
      }),
    );
  postbacks
    .command('remove')
    .description('Stop posting back to a network (postbacks already queued are still sent)')
    .argument('<id>', 'the id `datekit postbacks list` shows')
    .action(async (id: string) =>
      withServices(async (services) => {
        if (!/^\d+$/.test(id)) throw new Error(`no postback ${id}`);
        const removed = await removePostbackConfig(services.db, Number(id), services.now()).catch(() => {
          throw new Error(`no postback ${id}`);
        });
        console.log(`Removed postback ${removed.id}: ${removed.brand} ${removed.network}`);
      }),
    );
  postbacks
    .command('block')
    .description('Block a traffic source: its signups are marked and never posted back')
    .requiredOption('--brand <domain>', 'the brand')
    .requiredOption('--network <name>', 'the network')
    .option('--sub1 <value>', 'only this sub1 of the network')
    .action(async (o: { brand: string; network: string; sub1?: string }) =>
      withServices(async (services) => {
        const block = await blockSource(services, o);
        console.log(`Blocked source ${block.id}: ${block.brand} ${block.network} ${block.sub1 ?? '(every sub1)'}`);
      }),
    );
  postbacks
    .command('unblock')
    .description('Lift a block: signups from then on are posted back again')
    .argument('<id>', 'the id `datekit postbacks block` printed')
    .action(async (id: string) =>
      withServices(async (services) => {
        if (!/^\d+$/.test(id)) throw new Error(`no block ${id}`);
        const removed = await unblockSource(services.db, Number(id), services.now()).catch(() => {
          throw new Error(`no block ${id}`);
        });
        console.log(`Unblocked source ${removed.id}: ${removed.brand} ${removed.network}`);
      }),
    );
}
