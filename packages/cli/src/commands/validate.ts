import type { Command } from 'commander';
import { paymentMethodWarnings } from '@datekit/runtime';
import { formatProblem, loadBrands, loadNiches } from '@datekit/brand-config';

export interface ValidateOptions {
  brandsDir?: string;
  nichesDir?: string;
  /** Problems name their files relative to this folder. */
  cwd?: string;
  log?: (line: string) => void;
  error?: (line: string) => void;
}

/**
 * Checks the brand files (all, or those of `domains`) and the niche files. Prints a line per valid
 * brand and every problem, then a summary; resolves to whether everything is valid.
 */
export async function validateBrands(domains: string[], options: ValidateOptions = {}): Promise<boolean> {
  const log = options.log ?? ((line: string) => console.log(line));
  const error = options.error ?? ((line: string) => console.error(line));
  const [{ brands, problems: brandProblems }, { niches, problems: nicheProblems }] = await Promise.all([
    loadBrands({ ...(options.brandsDir ? { dir: options.brandsDir } : {}), ...(domains.length ? { domains } : {}) }),
    loadNiches(options.nichesDir ? { dir: options.nichesDir } : {}),
  ]);
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

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('Check brand files (all, or the given domains) and niche files; every problem names file:line:column')
    .argument('[domain...]', 'domains to check, as in brands/<domain>.yaml')
    .action(async (domains: string[]) => {
      if (!(await validateBrands(domains))) process.exitCode = 1;
    });
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
