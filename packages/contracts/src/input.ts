import type { z } from 'zod';

// What every input parsed with a contract must be, and the words a person reads when it is not
// (issue 10 items 8 and 15; docs/decisions/0015-input-text-and-error-sentences.md).
//
// A message in a contract is one of two kinds:
// - a fragment that reads after the field's name and never repeats it: 'must be at most 200 characters';
// - a whole sentence (a capital letter first, a full stop last) that stands alone because it says what
//   it is about, usually a spec's own text: 'Title is required.', 'Please provide comma-separated options.'.
// zod's own messages ('Invalid input: expected string, received undefined') are neither, so
// `inputErrorMap` replaces them with fragments of the first kind.

const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why text cannot be kept as it was sent, or null. PostgreSQL refuses NUL in text (SQLite would
 * store it), and half of a UTF-16 surrogate pair is not Unicode: both drivers would silently store
 * U+FFFD instead, so what was written is not what is read back.
 */
export function textProblem(text: string): string | null {
  if (NUL.test(text)) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds half of a surrogate pair)';
  return null;
}

export interface InputProblem {
  path: PropertyKey[];
  message: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * The first string anywhere in `value` (a field's value or its name) that `textProblem` refuses. Every
 * parsed input goes through it, the public checker's query included (issue 17 item 2), so the walk
 * makes nothing for input that is fine: a problem's path is built on the way back out.
 */
export function findTextProblem(value: unknown): InputProblem | null {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path: [], message } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = findTextProblem(value[i]);
      if (problem) return within(i, problem);
    }
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: [], message: `has a field name that ${keyProblem}` };
      const problem = findTextProblem(value[key]);
      if (problem) return within(key, problem);
    }
  }
  return null;
}

function within(key: PropertyKey, problem: InputProblem): InputProblem {
  problem.path.unshift(key);
  return problem;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'an email address',
  url: 'a URL',
  datetime: 'an ISO date and time, e.g. 2030-01-07T10:00:00.000Z',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:MM)',
  uuid: 'a UUID',
};

const quoteList = (values: readonly unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
const plural = (count: number | bigint, one: string) => `${count} ${one}${Number(count) === 1 ? '' : 's'}`;

function sizeLimit(origin: string, bound: number | bigint, inclusive: boolean | undefined, side: 'least' | 'most'): string {
  if (origin === 'string')
    return side === 'least' && Number(bound) === 1 ? 'must not be empty' : `must be at ${side} ${plural(bound, 'character')}`;
  if (origin === 'array' || origin === 'set') return `must have at ${side} ${plural(bound, 'item')}`;
  if (inclusive === false) return `must be ${side === 'least' ? 'more' : 'less'} than ${String(bound)}`;
  return `must be at ${side} ${String(bound)}`;
}

/**
 * Fragments for zod's own messages, passed per parse (`schema.safeParse(value, { error: inputErrorMap })`),
 * so a message written in a contract still wins. Answers undefined to keep zod's text where no
 * better one is known.
 */
export const inputErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return sizeLimit(issue.origin, issue.minimum, issue.inclusive, 'least');
    case 'too_big':
      return sizeLimit(issue.origin, issue.maximum, issue.inclusive, 'most');
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${quoteList(issue.values)}` : `must be one of ${quoteList(issue.values)}`;
    case 'invalid_format':
      if (issue.format === 'regex') return 'is not in the expected form';
      return `must be ${FORMAT_NAMES[issue.format] ?? `in the ${issue.format} format`}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'an unknown field' : 'unknown fields'}: ${quoteList(issue.keys)}`;
    case 'invalid_union':
      // A discriminated union names its discriminator's path: say which values it takes.
      if ('options' in issue && Array.isArray(issue.options)) return `must be one of ${quoteList(issue.options as unknown[])}`;
      return 'is not in any of the accepted forms';
    case 'invalid_key':
      // The path already ends in the refused name; the key schema's own fragment says what it must be.
      return issue.issues.find((inner) => !isWholeSentence(inner.message))?.message ?? 'is not an accepted field name';
    case 'invalid_element':
      return 'has an entry that is not accepted';
    case 'custom':
      return 'is not accepted';
    default:
      return undefined;
  }
};

/** True for a message of the second kind above; zod's own messages have no full stop, so they are not. */
export const isWholeSentence = (message: string) => /^\p{Lu}.*[.!?]$/su.test(message);

/**
 * One sentence for a set of problems: "field: fragment; Whole sentence.; ..." naming each field once.
 * A fragment about the value as a whole follows `whole` ('The request body is required') or, without
 * it, stands alone after whatever the caller puts first ('Verification/123: must be a Discord ID ...').
 */
export function describeProblems(problems: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>, whole?: string): string {
  return problems
    .slice(0, 5)
    .map(({ path, message }) => {
      if (isWholeSentence(message)) return message;
      if (path.length === 0) return whole ? `${whole} ${message}` : message;
      return `${path.map(String).join('.')}: ${message}`;
    })
    .join('; ');
}
