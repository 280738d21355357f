import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';

/** A YAML file parsed with node ranges kept, so that any path in it can be located. */
export interface ParsedYaml {
  doc: Document.Parsed;
  lineCounter: LineCounter;
}

export interface Position {
  line: number;
  column: number;
}

/**
 * Where a problem points: at the field's value, at its key (unknown keys), or at the mapping that
 * should hold it (missing keys).
 */
export type Anchor = 'value' | 'key' | 'parent';

export function parseYaml(source: string): ParsedYaml {
  const lineCounter = new LineCounter();
  // prettyErrors off: we print our own `file:line:column`, not yaml's code frame.
  const doc = parseDocument(source, { lineCounter, prettyErrors: false });
  return { doc, lineCounter };
}

export function positionAt({ lineCounter }: ParsedYaml, offset: number): Position {
  const { line, col } = lineCounter.linePos(offset);
  // linePos reports line 0 for an empty file.
  return { line: Math.max(line, 1), column: Math.max(col, 1) };
}

/**
 * The position of the node at `path`, or of the deepest node on the way when the path does not go
 * all the way (a missing key points at the mapping that lacks it).
 */
export function locate(parsed: ParsedYaml, path: readonly PropertyKey[], anchor: Anchor = 'value'): Position {
  const wanted = anchor === 'parent' ? path.slice(0, -1) : path;
  let node: unknown = parsed.doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const [index, segment] of wanted.entries()) {
    const isLast = index === wanted.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && keyText(item.key) === String(segment));
      if (!pair) break;
      const keyStart = rangeStart(pair.key);
      const value = pair.value;
      if ((isLast && anchor === 'key') || isEmpty(value)) {
        offset = keyStart ?? offset;
        break;
      }
      node = value;
    } else if (isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
      node = node.items[segment];
    } else {
      break;
    }
    offset = rangeStart(node) ?? offset;
  }
  return positionAt(parsed, offset);
}

/** The path of the deepest key whose value contains `offset`, to name the field of a syntax error. */
export function pathAtOffset(parsed: ParsedYaml, offset: number): (string | number)[] {
  const path: (string | number)[] = [];
  let node: unknown = parsed.doc.contents;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((item) => {
        const start = rangeStart(item.key);
        const end = rangeEnd(item.value) ?? rangeEnd(item.key);
        return start !== undefined && end !== undefined && start <= offset && offset < end;
      });
      if (!pair) return path;
      path.push(keyText(pair.key));
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => {
        const start = rangeStart(item);
        const end = rangeEnd(item);
        return start !== undefined && end !== undefined && start <= offset && offset < end;
      });
      if (index < 0) return path;
      path.push(index);
      node = node.items[index];
    } else {
      return path;
    }
  }
}

function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

/** `key:` with nothing after it: point at the key, since the empty value has no place of its own. */
function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (isScalar(value) && value.value === null && !value.source);
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | null)?.range?.[0];
}

function rangeEnd(node: unknown): number | undefined {
  return (node as Node | null)?.range?.[2];
}
