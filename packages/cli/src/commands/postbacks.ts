import {
  addPostbackConfig,
  blockSource,
  listPostbackConfigs,
  removePostbackConfig,
  unblockSource,
} from '@datekit/server';
import { withServices } from '../server-context.ts';

export interface AddOptions {
  brand: string;
  network: string;
  events: string;
  url: string;
  hold: string;
}

export interface BlockOptions {
  brand: string;
  network: string;
  sub1?: string;
}

export function addPostbackCommand(o: AddOptions): Promise<void> {
  return withServices(async (services) => {
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
  });
}

export function listPostbacksCommand(o: { brand?: string }): Promise<void> {
  return withServices(async (services) => {
    const configs = await listPostbackConfigs(services.db, o.brand);
    if (!configs.length) console.log('No postbacks.');
    for (const c of configs) {
      const hold = c.hold ? 'hold on' : 'hold off';
      console.log(`${c.id}\t${c.brand}\t${c.network}\t${c.events.join(',')}\t${hold}\t${c.url}`);
    }
  });
}

export function removePostbackCommand(id: string): Promise<void> {
  return withServices(async (services) => {
    if (!/^\d+$/.test(id)) throw new Error(`no postback ${id}`);
    const removed = await removePostbackConfig(services.db, Number(id), services.now()).catch(() => {
      throw new Error(`no postback ${id}`);
    });
    console.log(`Removed postback ${removed.id}: ${removed.brand} ${removed.network}`);
  });
}

export function blockSourceCommand(o: BlockOptions): Promise<void> {
  return withServices(async (services) => {
    const block = await blockSource(services, o);
    console.log(`Blocked source ${block.id}: ${block.brand} ${block.network} ${block.sub1 ?? '(every sub1)'}`);
  });
}

export function unblockSourceCommand(id: string): Promise<void> {
  return withServices(async (services) => {
    if (!/^\d+$/.test(id)) throw new Error(`no block ${id}`);
    const removed = await unblockSource(services.db, Number(id), services.now()).catch(() => {
      throw new Error(`no block ${id}`);
    });
    console.log(`Unblocked source ${removed.id}: ${removed.brand} ${removed.network}`);
  });
}
