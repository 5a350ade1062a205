import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeProblems, findTextProblem, inputErrorMap, isWholeSentence, textProblem } from './input';

describe('textProblem (issue 10 item 8)', () => {
  it('refuses NUL and half a surrogate pair, and keeps every other text', () => {
    expect(textProblem('a\u0000b')).toBe('must not contain the NUL character (\\u0000)');
    expect(textProblem('\ud800')).toMatch(/^must be valid Unicode text/);
    expect(textProblem('x\udfffy')).toMatch(/^must be valid Unicode text/);
    for (const fine of ['', 'plain', 'ภาษาไทย', '😀 emoji (a whole surrogate pair)', '\t\n tabs and newlines'])
      expect(textProblem(fine), fine).toBeNull();
  });

  it('finds the first bad text anywhere, naming its path, field names included', () => {
    expect(findTextProblem({ a: 'ok', b: [{ c: 'x' }, { c: 'y\u0000' }] })).toEqual({
      path: ['b', 1, 'c'],
      message: expect.stringMatching(/NUL/),
    });
    expect(findTextProblem({ answers: { 'k\u0000': 'v' } })).toEqual({
      path: ['answers'],
      message: expect.stringMatching(/^has a field name that must not contain/),
    });
    expect(findTextProblem({ n: 1, d: new Date(0), ok: ['a', null] })).toBeNull();
  });
});

describe('sentences for people (issue 10 item 15)', () => {
  const describeParse = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value, { error: inputErrorMap });
    return result.success ? 'ok' : describeProblems(result.error.issues, 'The request body');
  };

  it("replaces zod's own messages with fragments after the field's name", () => {
    const schema = z.object({ name: z.string().max(3), count: z.number().int().min(1), kind: z.enum(['a', 'b']) }).strict();
    expect(describeParse(schema, { count: 0, kind: 'c' })).toBe('name: is required; count: must be at least 1; kind: must be one of a, b');
    expect(describeParse(schema, { name: 'long', count: 1, kind: 'a', extra: 1 })).toBe(
      'name: must be at most 3 characters; The request body has an unknown field: extra',
    );
  });

  it('lets a whole sentence from a contract stand alone, and never repeats the field', () => {
    const schema = z.object({ title: z.string().min(1, 'Title is required.'), note: z.string().min(1, 'is required') });
    expect(describeParse(schema, { title: '', note: '' })).toBe('Title is required.; note: is required');
    expect(isWholeSentence('Title is required.')).toBe(true);
    expect(isWholeSentence('Invalid input: expected string, received undefined')).toBe(false);
    expect(isWholeSentence('must be text')).toBe(false);
  });
});
