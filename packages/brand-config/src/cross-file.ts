import { access } from 'node:fs/promises';
import path from 'node:path';
import { hostnameSchema } from '@datekit/runtime/schemas/brand';
import { closest } from './did-you-mean.ts';
import type { BrandProblem } from './problem.ts';
import { formatFieldPath, yamlLine } from './schema-fields.ts';
import { problemAt } from './validate-yaml.ts';
import type { ParsedYaml } from './yaml-positions.ts';

/** What the checks across files need of one brand file. */
export interface BrandFileEntry {
  file: string;
  parsed: ParsedYaml;
  /** The file's plain data, valid or not: these checks run even when the schema found problems. */
  data: unknown;
}

/** The domain a file is named for: `brands/flirtnord.dk.yaml` -> `flirtnord.dk`. */
export function domainOfFile(file: string): string {
  return path.basename(file, '.yaml');
}

/** The server finds a brand by the file name's domain, so the `domain` inside must agree with it. */
export function domainMatchesFileName(entry: BrandFileEntry): BrandProblem[] {
  const domain = field(entry.data, 'domain');
  const expected = domainOfFile(entry.file);
  // A malformed domain is already reported by the schema; one problem per mistake is enough.
  if (!hostnameSchema.safeParse(domain).success || domain === expected) return [];
  return [
    problemAt(
      entry.file,
      entry.parsed,
      ['domain'],
      'value',
      `"${String(domain)}" does not match the file name ${path.basename(entry.file)}; rename the file to ${String(domain)}.yaml or set the domain to ${expected}`,
      yamlLine('domain', expected),
    ),
  ];
}

interface HostClaim {
  /** The host as the server looks it up: lower case, without `www.`. */
  host: string;
  /** The host as the file writes it. */
  written: string;
  entry: BrandFileEntry;
  path: (string | number)[];
}

/**
 * Every host (domain or alias) must lead to one brand. A clash is reported once, on the later file
 * of the two, unless only the earlier one is being checked. `www.` is ignored, as the server does.
 */
export function duplicateHosts(
  entries: readonly BrandFileEntry[],
  isChecked: (file: string) => boolean,
): BrandProblem[] {
  const owners = new Map<string, HostClaim>();
  const problems: BrandProblem[] = [];
  for (const claim of entries.flatMap(hostClaims)) {
    const owner = owners.get(claim.host);
    if (!owner) {
      owners.set(claim.host, claim);
      continue;
    }
    const reportOn = isChecked(claim.entry.file) ? claim : owner;
    if (!isChecked(reportOn.entry.file)) continue;
    const host =
      reportOn.written === claim.host ? `"${claim.host}"` : `"${reportOn.written}" (that is, "${claim.host}")`;
    const message =
      owner.entry === claim.entry
        ? `${host} is already listed as ${formatFieldPath(owner.path)}; list each host once`
        : `${host} is claimed by both ${describeClaim(owner)} and ${describeClaim(claim)}; a host can serve only one brand, so remove it from one of them`;
    problems.push(problemAt(reportOn.entry.file, reportOn.entry.parsed, reportOn.path, 'value', message));
  }
  return problems;
}

/** A logo named in the file must exist in the assets folder beside the brand files. */
export async function missingLogo(entry: BrandFileEntry, assetsDir: string): Promise<BrandProblem[]> {
  const logo = field(entry.data, 'logo');
  if (typeof logo !== 'string') return [];
  try {
    await access(path.join(assetsDir, logo));
    return [];
  } catch {
    const folder = path.basename(assetsDir);
    return [
      problemAt(
        entry.file,
        entry.parsed,
        ['logo'],
        'value',
        `there is no file ${folder}/${logo} beside the brand files`,
      ),
    ];
  }
}

/** A domain asked for on the command line that has no brand file. */
export function unknownDomain(dir: string, domain: string, known: readonly string[]): BrandProblem {
  const suggestion = closest(domain, known);
  const hint = suggestion ? `did you mean "${suggestion}"?` : `the brands are: ${known.join(', ') || 'none'}`;
  return {
    file: path.join(dir, `${domain}.yaml`),
    line: 1,
    column: 1,
    field: '',
    message: `there is no brand file for "${domain}"; ${hint}`,
  };
}

function hostClaims(entry: BrandFileEntry): HostClaim[] {
  const claims: HostClaim[] = [];
  const domain = field(entry.data, 'domain');
  if (typeof domain === 'string')
    claims.push({ host: normalizeHost(domain), written: domain, entry, path: ['domain'] });
  const aliases = field(entry.data, 'aliases');
  if (Array.isArray(aliases)) {
    aliases.forEach((alias, index) => {
      if (typeof alias === 'string')
        claims.push({ host: normalizeHost(alias), written: alias, entry, path: ['aliases', index] });
    });
  }
  return claims;
}

function describeClaim(claim: HostClaim): string {
  return `${path.basename(claim.entry.file)} (${formatFieldPath(claim.path)})`;
}

function normalizeHost(host: string): string {
  const name = host.trim().toLowerCase();
  return name.startsWith('www.') ? name.slice(4) : name;
}

function field(data: unknown, key: string): unknown {
  return data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
}
