import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { formatProblem } from './problem.ts';
import { inputJsonSchema } from './schema-fields.ts';
import { validateYaml } from './validate-yaml.ts';

const schema = z.strictObject({
  name: z.string().meta({ description: 'A name.', examples: ['Flirt Nord'] }),
  tags: z
    .array(z.string())
    .default([])
    .meta({ description: 'Tags.', examples: [['a', 'b']] }),
});
const json = inputJsonSchema(schema);

function check(source: string): string {
  const { problems } = validateYaml('/brands/test.yaml', source, schema, json);
  return problems.map((p) => formatProblem(p, '/brands')).join('\n');
}

describe('YAML syntax errors', () => {
  test('errors on an unclosed list at the line where YAML notices it', () => {
    expect(check('name: Flirt\ntags: [a, b\nother: 1\n')).toMatchInlineSnapshot(
      `"test.yaml:3:1 YAML syntax: flow sequence in block collection must be sufficiently indented and end with a ]"`,
    );
  });

  test('errors on an unclosed quote where the quoted text starts', () => {
    expect(check('name: "Flirt\ntags: []\n')).toMatchInlineSnapshot(
      `"test.yaml:1:7 name: YAML syntax: this quoted text is never closed; add the closing quote"`,
    );
  });

  test('errors on tab indentation, saying to use spaces', () => {
    expect(check('name: Flirt\ntags:\n\t- a\n')).toMatchInlineSnapshot(
      `"test.yaml:3:1 tags: YAML syntax: a tab is used for indentation; indent with spaces"`,
    );
  });

  test('does not check the schema of a file with syntax errors', () => {
    // `other` is unknown to the schema, but the syntax error is the only thing worth saying.
    expect(check('other: [1\n')).not.toContain('unknown field');
  });
});

describe('positions', () => {
  test('points at the key of an empty value', () => {
    expect(check('name:\ntags: []\n')).toMatchInlineSnapshot(`
      "test.yaml:1:1 name: is empty; give text
        example: name: Flirt Nord"
    `);
  });

  test('points at a list item inside a flow list', () => {
    expect(check('name: Flirt\ntags: [a, 7]\n')).toMatchInlineSnapshot(`
      "test.yaml:2:11 tags[1]: must be text, not the number 7; put it in quotes: "7"
        example: tags: [a, b]"
    `);
  });

  test('errors on a file that is a list instead of a mapping', () => {
    expect(check('- name: Flirt\n')).toMatchInlineSnapshot(
      `"test.yaml:1:1 the file must be a mapping of fields (one \`key: value\` per line), not a list"`,
    );
  });
});

test('returns the parsed value with defaults when the file is valid', () => {
  const { value, problems } = validateYaml('/brands/test.yaml', 'name: Flirt\n', schema, json);
  expect(problems).toEqual([]);
  expect(value).toEqual({ name: 'Flirt', tags: [] });
});
