import type { Command } from 'commander';
import { POSTBACK_EVENTS } from '@datekit/server/features/postbacks/postback-events';
import type { AddOptions, BlockOptions } from './postbacks.ts';

/** `datekit postbacks add|list|remove|block|unblock`: conversion postbacks to affiliate networks (docs/marketing.md). */
export function declarePostbacks(program: Command): void {
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
    .action(async (o: AddOptions) => (await import('./postbacks.ts')).addPostbackCommand(o));
  postbacks
    .command('list')
    .description('List the postback configs in force')
    .option('--brand <domain>', 'only this brand')
    .action(async (o: { brand?: string }) => (await import('./postbacks.ts')).listPostbacksCommand(o));
  postbacks
    .command('remove')
    .description('Stop posting back to a network (postbacks already queued are still sent)')
    .argument('<id>', 'the id `datekit postbacks list` shows')
    .action(async (id: string) => (await import('./postbacks.ts')).removePostbackCommand(id));
  postbacks
    .command('block')
    .description('Block a traffic source: its signups are marked and never posted back')
    .requiredOption('--brand <domain>', 'the brand')
    .requiredOption('--network <name>', 'the network')
    .option('--sub1 <value>', 'only this sub1 of the network')
    .action(async (o: BlockOptions) => (await import('./postbacks.ts')).blockSourceCommand(o));
  postbacks
    .command('unblock')
    .description('Lift a block: signups from then on are posted back again')
    .argument('<id>', 'the id `datekit postbacks block` printed')
    .action(async (id: string) => (await import('./postbacks.ts')).unblockSourceCommand(id));
}
