import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Brand, brandFileSchema } from '@datekit/runtime/schemas/brand';
import { BRANDS_DIR } from './paths.ts';
import { domainMatchesFileName, domainOfFile, duplicateHosts, missingLogo, unknownDomain } from './cross-file.ts';
import { sortProblems, type BrandProblem } from './problem.ts';
import { inputJsonSchema, type JsonSchemaNode } from './schema-fields.ts';
import { validateYaml } from './validate-yaml.ts';

export { formatProblem, type BrandProblem } from './problem.ts';

export interface LoadedBrands {
  /** Brands without any problem, in file-name order, with defaults applied and derived fields computed. */
  brands: Brand[];
  problems: BrandProblem[];
  /** The brand files with problems, with their data as far as it could be read (null after a YAML syntax error). */
  rejected: { file: string; data: unknown }[];
}

let brandJsonSchema: JsonSchemaNode | undefined;

/**
 * Reads and validates `<dir>/*.yaml` (default `brands/`), each file on its own and then across
 * files. `domains` limits which files are checked and returned; the host clash check still reads
 * every file, since a clash with an unchecked file is still a clash.
 */
export async function loadBrands(options: { dir?: string; domains?: string[] } = {}): Promise<LoadedBrands> {
  const dir = path.resolve(options.dir ?? BRANDS_DIR);
  const listing = await brandFilesIn(dir);
  if (!listing) {
    return {
      brands: [],
      rejected: [],
      problems: [{ file: dir, line: 1, column: 1, field: '', message: 'the brands folder does not exist' }],
    };
  }
  const { names, misnamed } = listing;
  const known = names.map((name) => domainOfFile(name));
  const wanted = options.domains ? new Set(options.domains) : undefined;
  const isChecked = (file: string) => !wanted || wanted.has(domainOfFile(file));

  brandJsonSchema ??= inputJsonSchema(brandFileSchema);
  const schema = brandJsonSchema;
  const entries = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      return { file, ...validateYaml(file, await readFile(file, 'utf8'), brandFileSchema, schema) };
    }),
  );

  const problems: BrandProblem[] = (options.domains ?? [])
    .filter((domain) => !known.includes(domain))
    .map((domain) => unknownDomain(dir, domain, known));
  for (const name of misnamed.filter((n) => !wanted || wanted.has(path.basename(n, '.yml')))) {
    const message = `brand files end in .yaml; rename this one to ${path.basename(name, '.yml')}.yaml`;
    problems.push({ file: path.join(dir, name), line: 1, column: 1, field: '', message });
  }
  for (const entry of entries.filter((e) => isChecked(e.file))) {
    problems.push(
      ...entry.problems,
      ...domainMatchesFileName(entry),
      ...(await missingLogo(entry, path.join(dir, 'assets'))),
    );
  }
  problems.push(...duplicateHosts(entries, isChecked));

  const troubled = new Set(problems.map((p) => p.file));
  const brands = entries.flatMap((e) => (isChecked(e.file) && e.value && !troubled.has(e.file) ? [e.value] : []));
  const rejected = entries
    .filter((e) => isChecked(e.file) && !(e.value && !troubled.has(e.file)))
    .map(({ file, data }) => ({ file, data }));
  return { brands, problems: sortProblems(problems), rejected };
}

/**
 * The `.yaml` files of a folder in name order, and the `.yml` ones that would otherwise be skipped
 * without a word; null when there is no such folder.
 */
async function brandFilesIn(dir: string): Promise<{ names: string[]; misnamed: string[] } | null> {
  try {
    const files = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
    return {
      names: files.filter((name) => name.endsWith('.yaml')).sort(),
      misnamed: files.filter((name) => name.endsWith('.yml')).sort(),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
