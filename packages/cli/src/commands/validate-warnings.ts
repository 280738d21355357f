import { readFile } from 'node:fs/promises';
import { paymentMethodWarnings, type Brand } from '@datekit/runtime';
import type { BrandProblem } from '../brand/problem.ts';
import { locate, parseYaml } from '../brand/yaml-positions.ts';

/**
 * The warnings of a valid brand, placed in its file like problems are, for the machine formats. The
 * loader keeps no positions for a brand that passed, so the file is parsed again here; a warning
 * reads `<field>: <what>`, and the field's list is where it points.
 */
export async function brandWarnings(brand: Brand, file: string): Promise<BrandProblem[]> {
  const warnings = paymentMethodWarnings(brand);
  if (warnings.length === 0) return [];
  const parsed = parseYaml(await readFile(file, 'utf8'));
  return warnings.map((warning) => {
    const colon = warning.indexOf(': ');
    const field = colon > 0 ? warning.slice(0, colon) : '';
    const { line, column } = locate(parsed, field ? field.split('.') : []);
    return { file, line, column, field, message: field ? warning.slice(colon + 2) : warning };
  });
}
