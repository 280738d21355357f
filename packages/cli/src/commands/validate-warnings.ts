import { readFile } from 'node:fs/promises';
import { paymentMethodWarnings, type Brand } from '@datekit/runtime';
import type { BrandProblem } from '../brand/problem.ts';
import { locate, parseYaml } from '../brand/yaml-positions.ts';

/**
 * The warnings of a valid brand, placed in its file like problems are, for the machine formats. The
 * loader keeps no positions for a brand that passed, so the file is parsed again here. A warning
 * reads `<field>: "<method>" was discontinued…`: it points at that method in the field's list, or at
 * the list when the method cannot be found in it.
 */
export async function brandWarnings(brand: Brand, file: string): Promise<BrandProblem[]> {
  const warnings = paymentMethodWarnings(brand);
  if (warnings.length === 0) return [];
  const parsed = parseYaml(await readFile(file, 'utf8'));
  const data: unknown = parsed.doc.toJS();
  return warnings.map((warning) => {
    const colon = warning.indexOf(': ');
    const field = colon > 0 ? warning.slice(0, colon) : '';
    const message = field ? warning.slice(colon + 2) : warning;
    const fieldPath: (string | number)[] = field ? field.split('.') : [];
    const list = valueAt(data, fieldPath);
    const method = /^"([^"]+)"/.exec(message)?.[1];
    const index = Array.isArray(list) && method ? list.indexOf(method) : -1;
    const { line, column } = locate(parsed, index >= 0 ? [...fieldPath, index] : fieldPath);
    return { file, line, column, field, message };
  });
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let node = data;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}
