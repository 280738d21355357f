import { expect, test } from 'vitest';
import { z } from 'zod';
import { serializerSchema } from './response-schema.ts';

test('a strict bound reaches the serializer in draft 7 form, the number itself', () => {
  const json = serializerSchema(z.object({ id: z.number().int().positive(), share: z.number().lt(1) }));
  expect(json).toMatchObject({
    properties: { id: { type: 'integer', exclusiveMinimum: 0 }, share: { type: 'number', exclusiveMaximum: 1 } },
  });
  expect((json.properties as Record<string, object>).id).not.toHaveProperty('minimum');
});
