import { ApiError, funnelCsv, funnelReport } from '@datekit/server';
import { FUNNEL_GROUPS } from '@datekit/runtime/data/funnel-groups';
import { withServices } from '../server-context.ts';

export interface ReportOptions {
  brand: string;
  from: string;
  to: string;
  group: string;
  network?: string;
  format: string;
}

export function campaignsReportCommand(o: ReportOptions): Promise<void> {
  return withServices(async (services) => {
    const group = FUNNEL_GROUPS.find((g) => g === o.group);
    if (!group) throw new Error(`--group must be one of ${FUNNEL_GROUPS.join(', ')}`);
    if (o.format !== 'csv' && o.format !== 'json') throw new Error('--format must be csv or json');
    if (!services.brands.get(o.brand)) throw new ApiError('not_found');
    const report = await funnelReport(services.db, {
      brand: o.brand,
      from: o.from,
      to: o.to,
      group,
      network: o.network,
    });
    process.stdout.write(o.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : funnelCsv(report, group));
  });
}
