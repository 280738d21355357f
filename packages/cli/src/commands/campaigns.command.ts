import type { Command } from 'commander';
import { FUNNEL_GROUPS } from '@datekit/runtime/data/funnel-groups';
import type { ReportOptions } from './campaigns.ts';

/**
 * `datekit campaigns report`: the console's funnel per source (docs/marketing.md) for a BI job or CI,
 * as CSV (the console's export) or JSON (the console API's answer).
 */
export function declareCampaigns(program: Command): void {
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
    .action(async (o: ReportOptions) => (await import('./campaigns.ts')).campaignsReportCommand(o));
}
