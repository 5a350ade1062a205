import { describeProblems, findTextProblem, inputErrorMap } from '@guildhall/contracts/input';
import { z } from 'zod';

/** A failure with the status and the sentence a person sees (ARCHITECTURE.md §6). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in first.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

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
  const result = schema.safeParse(value, { error: inputErrorMap });
  const problem = result.success ? findTextProblem(result.data) : null;
  if (!problem) return result;
  const error = new z.ZodError([{ code: 'custom', path: problem.path, message: problem.message, input: undefined }]) as z.ZodError<z.infer<S>>;
  return { success: false, error };
}

/** Parses untrusted input with a shared contract; a mismatch is a 400 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = safeParseInput(schema, value);
  // Only a body can be wrong as a whole (query and params are always objects).
  if (!result.success) throw badRequest(describeZodError(result.error, 'The request body'));
  return result.data;
}
