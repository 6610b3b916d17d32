import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkSchema, fieldMessages, schemaErrors } from './form-errors';

const t = ((key: string, options?: { max?: number }) => (options?.max ? `${key}:${options.max}` : key)) as unknown as TFunction;
const schema = z.object({ name: z.string().trim().min(1).max(3), tags: z.array(z.enum(['a', 'b'])), age: z.number() });

describe('form errors', () => {
  it('gives the parsed body when the values are valid', () => {
    expect(checkSchema(schema, { name: ' Al ', tags: ['a'], age: 3 }, fieldMessages(t, 'p'))).toEqual({
      ok: true,
      body: { name: 'Al', tags: ['a'], age: 3 },
    });
    expect(schemaErrors(schema, { name: 'Al', tags: [], age: 1 }, fieldMessages(t, 'p'))).toEqual({});
  });

  it('words the first problem of each top-level field: required, too long with its limit, else invalid', () => {
    expect(schemaErrors(schema, { name: ' ', tags: ['x', 'y'], age: 'old' }, fieldMessages(t, 'p'))).toEqual({
      name: 'p.required',
      tags: 'p.invalid',
      age: 'p.invalid',
    });
    expect(schemaErrors(schema, { name: 'Alexa', tags: [], age: 1 }, fieldMessages(t, 'p')).name).toBe('p.tooLong:3');
  });

  it('lets a field have its own wording', () => {
    const message = fieldMessages(t, 'p', { age: (issue) => `age.${issue.code}` });
    expect(schemaErrors(schema, { name: 'Al', tags: [], age: 'old' }, message)).toEqual({ age: 'age.invalid_type' });
  });
});
