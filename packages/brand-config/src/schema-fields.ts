import { stringify } from 'yaml';
import { z } from 'zod';

/** The parts of a JSON Schema node that the error messages and the reference read. */
export interface JsonSchemaNode {
  type?: string | string[];
  title?: string;
  description?: string;
  examples?: unknown[];
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  additionalProperties?: JsonSchemaNode | boolean;
  propertyNames?: JsonSchemaNode;
  items?: JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
}

/**
 * The JSON Schema of what a file may contain (the input side: defaults are optional), which carries
 * every field's `.meta()` description and examples.
 */
export function inputJsonSchema(schema: z.ZodType): JsonSchemaNode {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
}

/** The schema node that describes the value at `path`, if the schema knows that path. */
export function schemaAt(root: JsonSchemaNode, path: readonly PropertyKey[]): JsonSchemaNode | undefined {
  let node: JsonSchemaNode | undefined = root;
  for (const segment of path) {
    if (!node) return undefined;
    if (typeof segment === 'number') node = node.items;
    else if (node.properties) node = node.properties[String(segment)];
    else node = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
  }
  return node;
}

/** The keys a mapping at this node accepts: its fields, or the allowed keys of a record. */
export function knownKeys(node: JsonSchemaNode | undefined): string[] {
  if (!node) return [];
  if (node.properties) return Object.keys(node.properties);
  return (node.propertyNames?.enum ?? []).map(String);
}

/** `['credit_bundles', 0, 'prices']` -> `credit_bundles[0].prices`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    return text ? `${text}.${String(segment)}` : String(segment);
  }, '');
}

/**
 * A correct YAML line for the field at `path`, from the first example of the nearest field on the
 * path that has one (an element of `countries` borrows the example of `countries`).
 */
export function exampleFor(root: JsonSchemaNode, path: readonly PropertyKey[]): string | undefined {
  for (let depth = path.length; depth > 0; depth--) {
    const key = path[depth - 1];
    if (typeof key !== 'string') continue;
    const examples = schemaAt(root, path.slice(0, depth))?.examples;
    if (examples && examples.length > 0) return yamlLine(key, examples[0]);
  }
  return undefined;
}

/** `key: value` on one line, with collections in flow style: `prices: {EUR: 19.95, DKK: 149}`. */
export function yamlLine(key: string, value: unknown): string {
  return `${key}: ${stringify(value, { collectionStyle: 'flow', flowCollectionPadding: false, lineWidth: 0 }).trim()}`;
}

/** Paths of the fields that lack a description or an example, which the reference needs of every field. */
export function undocumentedFields(node: JsonSchemaNode, path = ''): string[] {
  const missing: string[] = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const name = path ? `${path}.${key}` : key;
    if (!child.description || !child.examples?.length) missing.push(name);
    missing.push(...undocumentedFields(child, name));
  }
  if (node.items) missing.push(...undocumentedFields(node.items, `${path}[]`));
  if (typeof node.additionalProperties === 'object')
    missing.push(...undocumentedFields(node.additionalProperties, `${path}.*`));
  return missing;
}
