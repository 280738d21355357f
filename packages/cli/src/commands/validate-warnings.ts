import { readFile } from 'node:fs/promises';
import { isNode, LineCounter, parseDocument } from 'yaml';
import type { BrandProblem } from '@datekit/brand-config';
import { paymentMethodWarnings, type Brand } from '@datekit/runtime/schemas/brand';

/**
 * The warnings of a valid brand, placed in its file like problems are, for the machine formats. The
 * loader keeps no positions for a brand that passed, so the file is parsed again here. A warning
 * reads `<field>: "<method>" was discontinued…`: it points at that method in the field's list, or at
 * the list when the method cannot be found in it.
 */
export async function brandWarnings(brand: Brand, file: string): Promise<BrandProblem[]> {
  const warnings = paymentMethodWarnings(brand);
  if (warnings.length === 0) return [];
  const lineCounter = new LineCounter();
  const doc = parseDocument(await readFile(file, 'utf8'), { lineCounter });
  const data: unknown = doc.toJS();

  /** The 1-based position of the node at `path`, or of the deepest node on the way to it. */
  const positionOf = (path: readonly (string | number)[]) => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node: unknown = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
      const start = isNode(node) ? node.range?.[0] : undefined;
      if (start === undefined) continue;
      const { line, col } = lineCounter.linePos(start);
      return { line, column: col };
    }
    return { line: 1, column: 1 };
  };

  return warnings.map((warning) => {
    const colon = warning.indexOf(': ');
    const field = colon > 0 ? warning.slice(0, colon) : '';
    const message = field ? warning.slice(colon + 2) : warning;
    const fieldPath: (string | number)[] = field ? field.split('.') : [];
    const list = valueAt(data, fieldPath);
    const method = /^"([^"]+)"/.exec(message)?.[1];
    const index = Array.isArray(list) && method ? list.indexOf(method) : -1;
    return { file, ...positionOf(index >= 0 ? [...fieldPath, index] : fieldPath), field, message };
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
