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
  const syntax = syntaxProblems(file, parsed);
  if (syntax.length > 0) return { parsed, data: null, problems: syntax };

  const data: unknown = parsed.doc.toJS();
  const result = schema.safeParse(data, { error: friendlyErrorMap, reportInput: true });
  if (result.success) return { parsed, data, value: result.data, problems: [] };
  const problems = toFieldProblems(result.error.issues, data, jsonSchema).map((p) =>
    problemAt(file, parsed, p.path, p.anchor, p.message, p.example),
  );
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

/** YAML's own errors, one per line: later errors on a line mostly repeat the first. */
function syntaxProblems(file: string, parsed: ParsedYaml): BrandProblem[] {
  const seen = new Set<number>();
  const problems: BrandProblem[] = [];
  for (const error of parsed.doc.errors) {
    const { line, column, field, message } = explainSyntaxError(parsed, error.code, error.message, error.pos[0]);
    if (seen.has(line)) continue;
    seen.add(line);
    problems.push({ file, line, column, field, message: `YAML syntax: ${message}` });
  }
  return problems;
}

/**
 * yaml's messages are accurate; the common ones get the fix spelled out. The field is named only
 * where the error's offset reliably lies inside it: after an unclosed bracket, YAML notices the
 * problem on a later key that is not at fault.
 */
function explainSyntaxError(parsed: ParsedYaml, code: string, message: string, offset: number) {
  const at = positionAt(parsed, offset);
  const path = pathAtOffset(parsed, offset);
  switch (code) {
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
