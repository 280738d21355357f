import {
  addExperiment,
  ApiError,
  brandExperiments,
  endExperiment,
  experimentReport,
  promoteArm,
} from '@datekit/server';
import type { ExperimentJson } from '@datekit/runtime/schemas/api/operator/campaigns';
import { withServices } from '../server-context.ts';

/** `gallery/milf=50` -> an arm; the weight defaults to 1 (equal shares). */
export function parseArm(text: string): { variant: string; niche: string | null; weight: number } {
  const match = /^([a-z0-9-]+)(?:\/([a-z0-9-]+))?(?:=(\d+(?:\.\d+)?))?$/.exec(text.trim());
  if (!match) throw new Error(`--arm ${text}: use <variant>[/<niche>][=<weight>], e.g. gallery/milf=50`);
  return { variant: match[1]!, niche: match[2] ?? null, weight: match[3] === undefined ? 1 : Number(match[3]) };
}

const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(2)} %`);

/** An experiment as the CLI prints it: a line, then a line per arm with its figures and the verdict. */
export function describeExperiment(e: ExperimentJson): string {
  const state = e.status === 'running' ? 'running' : `ended${e.winner_arm ? `, all traffic to ${e.winner_arm}` : ''}`;
  const lines = [`#${e.id} ${e.path} "${e.name}" (${state}, since ${e.created_at.slice(0, 10)})`];
  for (const a of e.arms) {
    const revenue = Object.entries(a.revenue_cents)
      .map(([currency, cents]) => `${(cents / 100).toFixed(2)} ${currency}`)
      .join(' + ');
    lines.push(
      `  ${a.arm} ${a.variant}${a.niche ? `/${a.niche}` : ''} weight ${a.weight}: ${a.visits} visits, ${a.soi} SOI ` +
        `(${percent(a.soi_rate)}${a.soi_rate_low === null ? '' : `, 95 % ${percent(a.soi_rate_low)} to ${percent(a.soi_rate_high)}`}), ${a.doi} DOI, ` +
        `${a.first_purchases} first purchases, revenue ${revenue || '0'}` +
        (a.p_value === null ? '' : `, p = ${a.p_value.toPrecision(3)}${a.significant ? ' (significant)' : ''}`),
    );
  }
  lines.push(
    e.leader
      ? `  winner: ${e.leader} (z-test on SOI/visit against a, p < ${e.threshold.toPrecision(3)})`
      : '  no winner yet',
  );
  return lines.join('\n');
}

export interface AddOptions {
  brand: string;
  path: string;
  arm: string[];
  name?: string;
}

export function addExperimentCommand(o: AddOptions): Promise<void> {
  return withServices(async (services) => {
    const arms = o.arm.map(parseArm);
    const created = await addExperiment(services, {
      brand: o.brand,
      path: o.path,
      arms,
      ...(o.name ? { name: o.name } : {}),
    });
    console.log(describeExperiment(await experimentReport(services.db, created)));
  });
}

export function listExperimentsCommand(o: { brand: string; format: string }): Promise<void> {
  return withServices(async (services) => {
    if (!services.brands.get(o.brand)) throw new ApiError('not_found');
    const reports = await Promise.all(
      (await brandExperiments(services.db, o.brand)).map((e) => experimentReport(services.db, e)),
    );
    if (o.format === 'json') console.log(JSON.stringify({ experiments: reports }, null, 2));
    else if (!reports.length) console.log(`No experiments on ${o.brand}.`);
    else console.log(reports.map(describeExperiment).join('\n\n'));
  });
}

export function endExperimentCommand(id: string, o: { brand: string }): Promise<void> {
  return withServices(async (services) => {
    const ended = await endExperiment(services, o.brand, Number(id));
    console.log(describeExperiment(await experimentReport(services.db, ended)));
  });
}

export function promoteArmCommand(id: string, o: { brand: string; arm: string }): Promise<void> {
  return withServices(async (services) => {
    const promoted = await promoteArm(services, o.brand, Number(id), o.arm);
    console.log(describeExperiment(await experimentReport(services.db, promoted)));
  });
}
