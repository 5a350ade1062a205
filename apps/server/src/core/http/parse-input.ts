import { describeProblems, findTextProblem, inputErrorMap } from '@guildhall/contracts/input';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error';

/**
 * "field: problem; other: problem" from a zod error, naming each field once (ARCHITECTURE.md §6); a
 * contract message that is a whole sentence stands alone (issue 10 item 15, contracts/src/input.ts).
 */
export function describeZodError(error: z.ZodError, whole?: string): string {
  return describeProblems(error.issues, whole);
}

/**
 * `schema.safeParse` for untrusted input: sentences a person reads in place of zod's own messages,
 * and text the database cannot keep as sent (NUL, half a surrogate pair) refused for every contract,
 * so no route can forget it (issue 10 item 8: PostgreSQL answered 500 to NUL).
 */
export function safeParseInput<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.infer<S>> {
  // Issue 17 item 2 (decision 0036): any parse options cost zod v4 about 1.3 µs more per parse (the
  // public checker's query took 1.5 µs instead of 0.2), and the error map only words the failures:
  // valid input is parsed plainly, and only input that fails is parsed again for its sentences.
  const plain = schema.safeParse(value);
  const result = plain.success ? plain : schema.safeParse(value, { error: inputErrorMap });
  const problem = result.success ? findTextProblem(result.data) : null;
  if (!problem) return result;
  const error = new z.ZodError([{ code: 'custom', path: problem.path, message: problem.message, input: undefined }]) as z.ZodError<
    z.infer<S>
  >;
  return { success: false, error };
}

/** Parses untrusted input with a shared contract; a mismatch is `invalid_input` (400) naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = safeParseInput(schema, value);
  // Only a body can be wrong as a whole (query and params are always objects).
  if (!result.success) throw new DomainError('invalid_input', describeZodError(result.error, 'The request body'));
  return result.data;
}
