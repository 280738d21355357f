import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { NICHES } from '@datekit/runtime/data/niches';
import { NICHES_DIR } from './paths.ts';
import { nicheFileSchema, type Niche } from './niche-schema.ts';
import { sortProblems, type BrandProblem } from './problem.ts';
import { inputJsonSchema, yamlLine, type JsonSchemaNode } from './schema-fields.ts';
import { problemAt, validateYaml } from './validate-yaml.ts';

export { nicheFileSchema, type Niche } from './niche-schema.ts';

export interface LoadedNiches {
  /** The seven niches in id order, or fewer when some have problems. */
  niches: Niche[];
  problems: BrandProblem[];
}

let nicheJsonSchema: JsonSchemaNode | undefined;

/** Reads `niches/<slug>.yaml` for each of the seven niches that datekit knows, and nothing else. */
export async function loadNiches(options: { dir?: string } = {}): Promise<LoadedNiches> {
  const dir = path.resolve(options.dir ?? NICHES_DIR);
  nicheJsonSchema ??= inputJsonSchema(nicheFileSchema);
  const schema = nicheJsonSchema;
  const known = new Set(NICHES.map((n) => `${n.slug}.yaml`));
  const present = new Set((await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.yaml')));

  const niches: Niche[] = [];
  const problems: BrandProblem[] = [];
  for (const name of [...present].filter((n) => !known.has(n)).sort()) {
    problems.push({
      file: path.join(dir, name),
      line: 1,
      column: 1,
      field: '',
      message: `"${path.basename(name, '.yaml')}" is not one of the seven niches (${NICHES.map((n) => n.slug).join(', ')}); remove the file`,
    });
  }
  for (const { slug } of NICHES) {
    const file = path.join(dir, `${slug}.yaml`);
    if (!present.has(`${slug}.yaml`)) {
      problems.push({
        file,
        line: 1,
        column: 1,
        field: '',
        message: `the niche "${slug}" has no file; every niche needs one`,
      });
      continue;
    }
    const result = validateYaml(file, await readFile(file, 'utf8'), nicheFileSchema, schema);
    problems.push(...result.problems);
    if (result.value && result.value.slug !== slug) {
      problems.push(
        problemAt(file, result.parsed, ['slug'], 'value', `must be "${slug}", the file's name`, yamlLine('slug', slug)),
      );
    } else if (result.value) {
      niches.push(result.value);
    }
  }
  return { niches, problems: sortProblems(problems) };
}
