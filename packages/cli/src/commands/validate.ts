import path from 'node:path';
import { paymentMethodWarnings } from '@datekit/runtime/schemas/brand';
import { BRANDS_DIR, formatProblem, loadBrands, loadNiches } from '@datekit/brand-config';
import {
  githubAnnotations,
  isValidateFormat,
  jsonReport,
  problemRecord,
  VALIDATE_FORMATS,
  type SourcedProblem,
  type ValidateReport,
} from './validate-report.ts';
import { brandWarnings } from './validate-warnings.ts';

export interface ValidateOptions {
  brandsDir?: string;
  nichesDir?: string;
  /** Problems name their files relative to this folder. */
  cwd?: string;
  log?: (line: string) => void;
  error?: (line: string) => void;
}

/** Loads the brand files (all, or those of `domains`) and the niche files, as every format reports them. */
async function check(domains: string[], options: ValidateOptions) {
  const [loadedBrands, loadedNiches] = await Promise.all([
    loadBrands({ ...(options.brandsDir ? { dir: options.brandsDir } : {}), ...(domains.length ? { domains } : {}) }),
    loadNiches(options.nichesDir ? { dir: options.nichesDir } : {}),
  ]);
  return { ...loadedBrands, niches: loadedNiches.niches, nicheProblems: loadedNiches.problems };
}

/**
 * Checks the brand files (all, or those of `domains`) and the niche files. Prints a line per valid
 * brand and every problem, then a summary; resolves to whether everything is valid.
 */
export async function validateBrands(domains: string[], options: ValidateOptions = {}): Promise<boolean> {
  const log = options.log ?? ((line: string) => console.log(line));
  const error = options.error ?? ((line: string) => console.error(line));
  const { brands, problems: brandProblems, niches, nicheProblems } = await check(domains, options);
  const problems = [...brandProblems, ...nicheProblems];

  for (const brand of brands) {
    log(`✓ ${brand.domain} (${brand.languages.join(', ')})`);
    for (const warning of paymentMethodWarnings(brand)) log(`  ⚠ brands/${brand.domain}.yaml: ${warning}`);
  }
  for (const problem of problems) error(`✗ ${formatProblem(problem, options.cwd)}`);

  const valid = `${count(brands.length, 'brand')} and ${count(niches.length, 'niche')} valid`;
  if (problems.length === 0) {
    log(brands.length === 0 ? 'No brand files found.' : `All good: ${valid}.`);
    return brands.length > 0;
  }
  const files = new Set(problems.map((p) => p.file)).size;
  error(`${count(problems.length, 'problem')} in ${count(files, 'file')}; ${valid}.`);
  return false;
}

/**
 * The same check as `validateBrands`, as data for `--format json|github`: every problem and warning
 * with its file, line and column. `ok` is exactly when the text format succeeds, so a folder without
 * brand files is a problem here too.
 */
export async function validateReport(domains: string[], options: ValidateOptions = {}): Promise<ValidateReport> {
  const brandsDir = path.resolve(options.brandsDir ?? BRANDS_DIR);
  const cwd = options.cwd ?? process.cwd();
  const { brands, problems: brandProblems, nicheProblems } = await check(domains, options);
  const sourced: SourcedProblem[] = [
    ...brandProblems.map((problem) => ({ problem, inBrandFile: true })),
    ...nicheProblems.map((problem) => ({ problem, inBrandFile: false })),
  ];
  if (sourced.length === 0 && brands.length === 0) {
    const problem = { file: brandsDir, line: 1, column: 1, field: '', message: 'no brand files found' };
    sourced.push({ problem, inBrandFile: false });
  }
  const warnings = await Promise.all(
    brands.map((brand) => brandWarnings(brand, path.join(brandsDir, `${brand.domain}.yaml`))),
  );
  return {
    ok: sourced.length === 0,
    problems: sourced.map((p) => problemRecord(p, cwd)),
    warnings: warnings.flat().map((problem) => problemRecord({ problem, inBrandFile: true }, cwd)),
  };
}

/** `datekit validate [domain...] [--format text|json|github]`: prints, and sets the exit code. */
export async function validateCommand(domains: string[], { format }: { format: string }): Promise<void> {
  if (!isValidateFormat(format)) {
    console.error(`datekit validate: unknown format "${format}"; use one of: ${VALIDATE_FORMATS.join(', ')}`);
    process.exitCode = 2;
    return;
  }
  if (format === 'text') {
    if (!(await validateBrands(domains))) process.exitCode = 1;
    return;
  }
  const report = await validateReport(domains);
  const lines = format === 'json' ? [jsonReport(report)] : githubAnnotations(report);
  for (const line of lines) console.log(line);
  if (!report.ok) process.exitCode = 1;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
