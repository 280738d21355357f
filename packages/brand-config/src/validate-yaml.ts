import type { z } from 'zod';
import { friendlyErrorMap, toFieldProblems } from './friendly-issues.ts';
import type { BrandProblem } from './problem.ts';
import { formatFieldPath, type JsonSchemaNode } from './schema-fields.ts';
import { locate, parseYaml, pathAtOffset, positionAt, type Anchor, type ParsedYaml } from './yaml-positions.ts';

/** One YAML file checked against a schema: the parsed value when valid, and every problem found. */
export interface YamlValidation<T> {
  parsed: ParsedYaml;
  /** The file's plain data, whatever the schema says of it (null when the YAML itself is broken). */
  data: unknown;
  value?: T;
  problems: BrandProblem[];
}

/**
 * Parses `source` keeping node positions, then checks it against `schema`. A file with YAML
 * syntax errors is not checked further: its data is a guess and its problems would mislead.
 */
export function validateYaml<S extends z.ZodType>(
  file: string,
  source: string,
  schema: S,
  jsonSchema: JsonSchemaNode,
): YamlValidation<z.output<S>> {
  const parsed = parseYaml(source);
  const syntax = syntaxProblems(file, source, parsed);
  if (syntax.length > 0) return { parsed, data: null, problems: syntax };

  const data: unknown = parsed.doc.toJS();
  const result = schema.safeParse(data, { error: friendlyErrorMap, reportInput: true });
  if (result.success) return { parsed, data, value: result.data, problems: [] };
  const problems = toFieldProblems(result.error.issues, data, jsonSchema).map((p) => {
    const comment = valueReadAsComment(source, parsed, data, p.path);
    return comment
      ? problemAt(file, parsed, p.path, 'key', comment.message, comment.example)
      : problemAt(file, parsed, p.path, p.anchor, p.message, p.example);
  });
  return { parsed, data, problems };
}

/** A problem at the node of `path` in a parsed file. */
export function problemAt(
  file: string,
  parsed: ParsedYaml,
  path: readonly PropertyKey[],
  anchor: Anchor,
  message: string,
  example?: string,
): BrandProblem {
  const { line, column } = locate(parsed, path, anchor);
  return { file, line, column, field: formatFieldPath(path), message, ...(example ? { example } : {}) };
}

/**
 * A value that is empty because YAML read it as a comment (`primary: #7a2e5c`: an unquoted ` #`
 * starts one): says so and shows the quoted form.
 */
function valueReadAsComment(source: string, parsed: ParsedYaml, data: unknown, path: readonly PropertyKey[]) {
  const key = path.at(-1);
  if (typeof key !== 'string' || valueAt(data, path) !== null) return null;
  const { line } = locate(parsed, path, 'key');
  const text = source.split(/\r?\n/)[line - 1] ?? '';
  const match = /^\s*(?:-\s+)?(["']?)([^"':#]+)\1\s*:\s+#\s*(\S.*?)\s*$/.exec(text);
  if (!match || match[2]!.trim() !== key) return null;
  const value = `#${match[3]!}`;
  return {
    message: `is empty: an unquoted # starts a comment, so YAML ignores ${value}; put the value in quotes`,
    example: `${key}: ${JSON.stringify(value)}`,
  };
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node = data;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[segment];
  }
  return node;
}

/** YAML's own errors, one per line: later errors on a line mostly repeat the first. */
function syntaxProblems(file: string, source: string, parsed: ParsedYaml): BrandProblem[] {
  const seen = new Set<number>();
  const problems: BrandProblem[] = [];
  for (const error of parsed.doc.errors) {
    const explained = explainSyntaxError(parsed, source, error.code, error.message, error.pos[0]);
    const { line, column, field, message } = explained;
    if (seen.has(line)) continue;
    seen.add(line);
    const example = 'example' in explained ? explained.example : undefined;
    problems.push({ file, line, column, field, message: `YAML syntax: ${message}`, ...(example ? { example } : {}) });
  }
  return problems;
}

/**
 * `title: Flirt Nord: dating in Denmark`: a colon followed by a space inside an unquoted value makes
 * YAML read a second key. Names the field and shows the whole value quoted.
 */
function colonInValue(parsed: ParsedYaml, source: string, line: number) {
  const text = source.split(/\r?\n/)[line - 1] ?? '';
  const match = /^(\s*(?:-\s+)?)([\w-]+):\s+([^"'\s].*?:\s.*?)\s*$/.exec(text);
  if (!match) return null;
  const [, indent, key, value] = match as unknown as [string, string, string, string];
  const keyOffset = parsed.lineCounter.lineStarts[line - 1]! + indent.length;
  return {
    ...positionAt(parsed, keyOffset),
    field: formatFieldPath(pathAtOffset(parsed, keyOffset)) || key,
    message: `the value of ${key} contains ": " (a colon and a space), which YAML reads as the start of another key; put the whole value in quotes`,
    example: `${key}: ${JSON.stringify(value)}`,
  };
}

/**
 * yaml's messages are accurate; the common ones get the fix spelled out. The field is named only
 * where the error's offset reliably lies inside it: after an unclosed bracket, YAML notices the
 * problem on a later key that is not at fault.
 */
function explainSyntaxError(parsed: ParsedYaml, source: string, code: string, message: string, offset: number) {
  const at = positionAt(parsed, offset);
  const path = pathAtOffset(parsed, offset);
  switch (code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
      return colonInValue(parsed, source, at.line) ?? { ...at, field: '', message: lowerFirst(message) };
    case 'TAB_AS_INDENT':
      return { ...at, field: formatFieldPath(path), message: 'a tab is used for indentation; indent with spaces' };
    case 'DUPLICATE_KEY':
      return { ...at, field: formatFieldPath(path), message: 'this key appears twice in the same mapping; keep one' };
    case 'MISSING_CHAR':
      if (message.includes('quote')) {
        // YAML notices a missing quote where the file ends, just past the text that the quote opened.
        const text = pathAtOffset(parsed, Math.max(offset - 1, 0));
        if (text.length > 0) {
          const opened = locate(parsed, text);
          const explained = 'this quoted text is never closed; add the closing quote';
          return { ...opened, field: formatFieldPath(text), message: explained };
        }
      }
      return { ...at, field: '', message: lowerFirst(message) };
    default:
      return { ...at, field: '', message: lowerFirst(message) };
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
