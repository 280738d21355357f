import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { inputJsonSchema, nicheFileSchema, undocumentedFields } from '@datekit/brand-config';
import { BRAND_SECTIONS, brandFileSchema } from '@datekit/runtime/schemas/brand';
import { README_FILE, REFERENCE_FILE } from '../commands/docs.ts';
import { readmeBlock, renderBrandReference, renderReadmeBlock } from './reference.ts';

const REGENERATE = 'stale: run `npm run datekit -- docs` and commit the result';

describe('generated reference', () => {
  test('docs/brand-reference.md matches the schema', async () => {
    const committed = await readFile(REFERENCE_FILE, 'utf8');
    expect(committed === (await renderBrandReference()), REGENERATE).toBe(true);
    // Rendering formats the whole reference with Prettier: a second alone, ten on a busy machine.
  }, 30_000);

  test("the README's brand block matches the schema", async () => {
    const block = readmeBlock(await readFile(README_FILE, 'utf8'));
    expect(block, REGENERATE).toBe((await renderReadmeBlock()).trim());
  }, 30_000);
});

describe('schema documentation', () => {
  test('every field of the brand file has a description and an example', () => {
    expect(undocumentedFields(inputJsonSchema(brandFileSchema))).toEqual([]);
  });

  test('every field of the niche file has a description and an example', () => {
    expect(undocumentedFields(inputJsonSchema(nicheFileSchema))).toEqual([]);
  });

  test('finds fields without a description or an example, however deep', () => {
    const schema = z.object({
      name: z.string().meta({ description: 'Documented.', examples: ['x'] }),
      bare: z.string(),
      list: z
        .array(z.object({ inner: z.number().meta({ description: 'No example.' }) }))
        .meta({ description: 'A list.', examples: [[]] }),
    });
    expect(undocumentedFields(inputJsonSchema(schema))).toEqual(['bare', 'list[].inner']);
  });

  test('every top-level field belongs to exactly one section of the reference', () => {
    const fields = Object.keys(inputJsonSchema(brandFileSchema).properties ?? {});
    const grouped = BRAND_SECTIONS.flatMap((section) => section.fields);
    expect([...grouped].sort()).toEqual([...fields].sort());
  });
});
