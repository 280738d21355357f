import type { Command } from 'commander';
import { ApiError, funnelCsv, funnelReport } from '@datekit/server';
import { FUNNEL_GROUPS, type FunnelGroup } from '@datekit/runtime';
import { withServices } from './experiments.ts';

/**
 * `datekit campaigns report`: the console's funnel per source (docs/marketing.md) for a BI job or CI,
 * as CSV (the console's export) or JSON (the console API's answer).
 */
export function registerCampaigns(program: Command): void {
  const campaigns = program.command('campaigns').description('Paid traffic: the funnel per lander and source');
  campaigns
    .command('report')
    .description('Visits, SOI, DOI, first purchases and revenue of a brand per lander and arm, network or sub1')
    .requiredOption('--brand <domain>', 'the brand')
    .requiredOption('--from <date>', 'first day, UTC (2026-11-01)')
    .requiredOption('--to <date>', 'last day, UTC, included')
    .option('--group <group>', FUNNEL_GROUPS.join(' | '), 'lander')
    .option('--network <network>', "with --group sub1: the network to drill into ('' for none)")
    .option('--format <format>', 'csv | json', 'csv')
    .action(async (o: { brand: string; from: string; to: string; group: string; network?: string; format: string }) =>
      withServices(async (services) => {
        const group = FUNNEL_GROUPS.find((g) => g === o.group);
        if (!group) throw new Error(`--group must be one of ${FUNNEL_GROUPS.join(', ')}`);
        if (o.format !== 'csv' && o.format !== 'json') throw new Error('--format must be csv or json');
        if (!services.brands.get(o.brand)) throw new ApiError('not_found');
        const report = await funnelReport(services.db, {
          brand: o.brand,
          from: o.from,
          to: o.to,
          group: group satisfies FunnelGroup,
          network: o.network,
        });
        process.stdout.write(o.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : funnelCsv(report, group));
      }),
    );
}
