import type { z } from 'zod';
import { bestGuess, closest, didYouMean } from './did-you-mean.ts';
import type { Anchor } from './yaml-positions.ts';
import { exampleFor, formatFieldPath, knownKeys, schemaAt, yamlLine, type JsonSchemaNode } from './schema-fields.ts';

/** A schema issue turned into words, still addressed by path; `validate-yaml.ts` adds the position. */
export interface FieldProblem {
  path: PropertyKey[];
  anchor: Anchor;
  message: string;
  example?: string;
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping of fields',
  record: 'a mapping',
  null: 'empty',
};

/** Lists longer than this are not spelled out in a message; the example and the reference show them. */
const MAX_LISTED = 20;

/**
 * Messages for zod's built-in issues, in the words of someone editing a YAML file rather than a
 * programmer. Passed per parse, so a schema's own message (a regex's "must be a colour such as ...")
 * still wins.
 */
export const friendlyErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue.expected, issue.input);
    case 'invalid_value':
      return notAllowed(issue.input, issue.values);
    case 'too_small':
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false, issue.input);
    case 'too_big':
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false, issue.input);
    case 'invalid_format':
      return invalidFormat(issue.format);
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_union': {
      const expected = issue.errors.flatMap((errors) =>
        errors.flatMap((e) => (e.code === 'invalid_type' ? [EXPECTED[e.expected] ?? e.expected] : [])),
      );
      return expected.length > 0
        ? `must be ${[...new Set(expected)].join(' or ')}, not ${describe(issue.input)}`
        : 'is not valid';
    }
    case 'unrecognized_keys':
      return `unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_key':
    case 'invalid_element':
      return 'has a key that is not allowed';
    default:
      return 'is not valid';
  }
};

/** Turns the issues of one parse into problems: one per unknown key, missing fields named as such. */
export function toFieldProblems(
  issues: readonly z.core.$ZodIssue[],
  data: unknown,
  root: JsonSchemaNode,
): FieldProblem[] {
  const typos = issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? unknownKeys(issue.path, issue.keys, root) : [],
  );
  // A misspelled key also leaves the right one missing; the did-you-mean already says all.
  const suggested = new Set(typos.flatMap((t) => (t.suggested ? [formatFieldPath(t.suggested)] : [])));
  return issues.flatMap((issue): FieldProblem[] => {
    if (issue.code === 'unrecognized_keys')
      return typos.filter((t) => sameParent(t.path, issue.path)).map(withoutSuggested);
    if (issue.path.length === 0) return [wholeFile(data, root)];
    if (isMissing(data, issue.path)) {
      if (suggested.has(formatFieldPath(issue.path))) return [];
      return [
        {
          path: issue.path,
          anchor: 'parent',
          message: 'missing; this field is required',
          ...example(root, issue.path),
        },
      ];
    }
    let message = issue.message;
    let fix: string | undefined;
    if (issue.code === 'custom') {
      const params = (issue.params ?? {}) as { example?: unknown; choices?: readonly string[] };
      const key = issue.path.at(-1);
      if (params.example !== undefined && typeof key === 'string') fix = yamlLine(key, params.example);
      if (params.choices && typeof issue.input === 'string') message += didYouMean(issue.input, params.choices);
    }
    if (issue.code === 'invalid_value') fix ??= correctedListItem(data, issue);
    return [{ path: issue.path, anchor: 'value', message, ...(fix ? { example: fix } : example(root, issue.path)) }];
  });
}

type TypoProblem = FieldProblem & { suggested?: PropertyKey[] };

function unknownKeys(parent: PropertyKey[], keys: readonly string[], root: JsonSchemaNode): TypoProblem[] {
  const node = schemaAt(root, parent);
  const known = knownKeys(node);
  const isRecord = !node?.properties;
  return keys.map((key) => {
    const suggestion = closest(key, known);
    let message = isRecord ? `"${key}" is not allowed here` : `unknown field "${key}"`;
    if (suggestion) message += `; did you mean "${suggestion}"?`;
    else if (known.length <= MAX_LISTED) message += `; use one of: ${known.join(', ')}`;
    // A record's example shows its allowed keys; a mapping's whole example would be too long to help.
    const fix = isRecord
      ? exampleFor(root, parent)
      : suggestion
        ? exampleFor(root, [...parent, suggestion])
        : undefined;
    const problem: TypoProblem = { path: [...parent, key], anchor: 'key', message, ...(fix ? { example: fix } : {}) };
    if (suggestion && !isRecord) problem.suggested = [...parent, suggestion];
    return problem;
  });
}

function sameParent(path: readonly PropertyKey[], parent: readonly PropertyKey[]): boolean {
  return path.length === parent.length + 1 && parent.every((segment, i) => path[i] === segment);
}

function withoutSuggested({ suggested: _, ...problem }: TypoProblem): FieldProblem {
  return problem;
}

function wholeFile(data: unknown, root: JsonSchemaNode): FieldProblem {
  const required = root.required ?? [];
  const message =
    data === null || data === undefined
      ? `the file is empty; it needs at least these fields: ${required.join(', ')}`
      : `the file must be a mapping of fields (one \`key: value\` per line), not ${describe(data)}`;
  return { path: [], anchor: 'value', message };
}

function example(root: JsonSchemaNode, path: readonly PropertyKey[]): { example?: string } {
  const fix = exampleFor(root, path);
  return fix ? { example: fix } : {};
}

/** A key that the file does not have at all, inside a mapping that it does have. */
function isMissing(data: unknown, path: readonly PropertyKey[]): boolean {
  let parent = data;
  for (const segment of path.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object') return false;
    parent = (parent as Record<PropertyKey, unknown>)[segment];
  }
  const key = path.at(-1);
  return (
    parent !== null && typeof parent === 'object' && !Array.isArray(parent) && key !== undefined && !(key in parent)
  );
}

function invalidType(expected: string, input: unknown): string {
  const wanted = EXPECTED[expected] ?? expected;
  if (input === null) return `is empty; give ${wanted}`;
  if (expected === 'string' && (typeof input === 'number' || typeof input === 'boolean')) {
    return `must be text, not ${describe(input)}; put it in quotes: "${String(input)}"`;
  }
  if (expected === 'array' && (typeof input === 'string' || typeof input === 'number')) {
    return `must be a list, not ${describe(input)}; write [${String(input)}] for a list of one`;
  }
  return `must be ${wanted}, not ${describe(input)}`;
}

function notAllowed(input: unknown, values: readonly unknown[]): string {
  if (values.length === 1) return `must be ${JSON.stringify(values[0])}, not ${describe(input)}`;
  const allowed = values.map(String);
  const suggestion = typeof input === 'string' ? didYouMean(input, allowed) : '';
  const shown = typeof input === 'string' ? `"${input}"` : describe(input);
  return `${shown} is not one of: ${allowed.join(', ')}${suggestion}`;
}

/** For wrong items of a list (`languages: [nl, se, dk]`), the list as it was meant: `[nl, sv, da]`. */
function correctedListItem(data: unknown, issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'invalid_value' || typeof issue.input !== 'string') return undefined;
  const index = issue.path.at(-1);
  const key = issue.path.at(-2);
  if (typeof index !== 'number' || typeof key !== 'string') return undefined;
  let list: unknown = data;
  for (const segment of issue.path.slice(0, -1)) {
    list = list !== null && typeof list === 'object' ? (list as Record<PropertyKey, unknown>)[segment] : undefined;
  }
  const allowed = issue.values.map(String);
  if (!Array.isArray(list) || !bestGuess(issue.input, allowed)) return undefined;
  const fixed = list.map((item) =>
    typeof item === 'string' && !allowed.includes(item) ? (bestGuess(item, allowed) ?? item) : item,
  );
  return yamlLine(key, fixed);
}

function tooSmall(origin: string, minimum: number, inclusive: boolean, input: unknown): string {
  if (origin === 'string') {
    return minimum <= 1 ? 'must not be empty' : `must be at least ${minimum} characters long`;
  }
  if (origin === 'array' || origin === 'set') {
    return minimum <= 1 ? 'must list at least one item' : `must list at least ${minimum} items`;
  }
  return `must be ${inclusive ? `${minimum} or more` : `more than ${minimum}`}, not ${describe(input)}`;
}

function tooBig(origin: string, maximum: number, inclusive: boolean, input: unknown): string {
  if (origin === 'string') {
    const length = typeof input === 'string' ? ` (it has ${input.length})` : '';
    return `must be at most ${maximum} characters long${length}`;
  }
  if (origin === 'array' || origin === 'set') return `must list at most ${maximum} items`;
  return `must be ${inclusive ? `${maximum} or less` : `less than ${maximum}`}, not ${describe(input)}`;
}

function invalidFormat(format: string): string {
  switch (format) {
    case 'email':
      return 'must be an e-mail address such as "support@example.com"';
    case 'date':
      return 'must be a date written as YYYY-MM-DD, such as 2024-03-01';
    case 'regex':
      return 'is not in the expected form';
    default:
      return `must be a valid ${format}`;
  }
}

/** A value as the person who typed it would name it. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text "${value}"`;
  if (typeof value === 'number') return `the number ${value}`;
  return String(value);
}
