import { z } from 'zod';
import { textProblem } from './input';

/**
 * Issue 16 item 1: the data a refusal's sentence carries (a sport's spots, a field, a line), beside
 * `error` and `code`, so a client can word the refusal in its reader's language with the same data.
 * Sent only by the throwers that have such data; `error` stays the English sentence.
 */
export const ErrorDetails = z.record(z.string(), z.union([z.string(), z.number()]));
export type ErrorDetails = z.infer<typeof ErrorDetails>;

/**
 * ARCHITECTURE.md §6: every failure answers this shape: `error` is the sentence a person reads, `code`
 * a stable machine code (one of an `ErrorCatalogue`'s keys) that the web branches on (issue 11 item 3).
 */
export const ErrorAnswer = z.object({ error: z.string(), code: z.string(), details: ErrorDetails.optional() });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** One failure a server can answer: its HTTP status, and the sentence a person reads unless the thrower names a more precise one. */
export interface ErrorDefinition {
  readonly status: number;
  readonly sentence: string;
  /** Seconds a client should wait before it tries again, sent as `Retry-After` (issue 17 item 5). */
  readonly retryAfterSeconds?: number;
}
/** A file's error codes (decision 0017): core codes are bare, a tool's are `<tool>.<what>`. */
export type ErrorCatalogue = Readonly<Record<string, ErrorDefinition>>;

/** The codes any part of the app may answer (decision 0017); each tool's own live in its contract file. */
export const CORE_ERRORS = {
  invalid_input: { status: 400, sentence: 'The request is not valid.' },
  invalid_json: { status: 400, sentence: 'The request body is not valid JSON.' },
  sign_in_failed: { status: 400, sentence: 'The sign-in did not finish. Please try signing in again.' },
  unauthenticated: { status: 401, sentence: 'Please sign in first.' },
  invalid_credentials: { status: 401, sentence: 'Invalid student ID or password.' },
  forbidden: { status: 403, sentence: 'You do not have permission to do that.' },
  cross_site: { status: 403, sentence: 'This request came from another site and was refused.' },
  not_found: { status: 404, sentence: 'Not found.' },
  conflict: { status: 409, sentence: 'Someone else changed this at the same moment; please try again.' },
  school_account_exists: { status: 409, sentence: 'A school account with this student ID already exists.' },
  body_too_large: { status: 413, sentence: 'The request body is too large.' },
  unsupported_media_type: { status: 415, sentence: 'This content type is not accepted here.' },
  rate_limited: { status: 429, sentence: 'Too many requests. Please wait a moment and try again.' },
  sign_in_throttled: { status: 429, sentence: 'Too many failed sign-ins for this student ID. Please wait and try again.' },
  // Fastify's own refusals that have no code of ours keep Fastify's status and sentence.
  client_error: { status: 400, sentence: 'The request could not be understood.' },
  internal: { status: 500, sentence: 'Something went wrong on our side. Please try again.' },
  upstream_failed: { status: 502, sentence: 'A service we rely on did not answer as expected. Please try again.' },
  not_configured: { status: 503, sentence: 'This is not configured on this server.' },
  database_unavailable: {
    status: 503,
    sentence: 'The database is not available right now. Please try again shortly.',
    retryAfterSeconds: 5,
  },
  // Issue 17 item 5 (decision 0022): the PDF print queue is full, or one print ran past its deadline.
  printer_busy: {
    status: 503,
    sentence: 'Too many documents are being printed right now. Please try again in a few seconds.',
    retryAfterSeconds: 5,
  },
  // Issue 12 item 4: this process got SIGTERM; /readyz says so while the load balancer moves traffic away.
  draining: { status: 503, sentence: 'This server is shutting down.', retryAfterSeconds: 1 },
  print_timed_out: { status: 504, sentence: 'The document took too long to print. Please try again.' },
} as const satisfies ErrorCatalogue;
export type CoreErrorCode = keyof typeof CORE_ERRORS;

/** A further page of a tool, e.g. a staff view beside a public one. */
export const ToolLink = z.object({ label: z.string(), path: z.string() });

export const ToolSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  path: z.string(),
  links: z.array(ToolLink),
});
export const ToolsAnswer = z.object({ tools: z.array(ToolSummary) });
export type ToolsAnswer = z.infer<typeof ToolsAnswer>;

/**
 * Discord snowflakes and Roblox user ids: decimal digits, kept as strings (001 §3). The message states
 * the whole rule, length included: '999' is digits only and still refused (issue 10 item 15).
 */
export const DiscordId = z
  .string()
  .trim()
  .regex(/^\d{5,25}$/, 'must be a Discord ID: 5 to 25 digits');
export const RobloxId = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'must be a Roblox ID: 1 to 20 digits');

/**
 * Decision 0075: an ID a call writes into a record is as Discord and Roblox print it, never with a
 * leading 0: "0123" names nobody, and stored it never matched its owner's lookups (which compare the
 * text). Reads and removals keep DiscordId and RobloxId, so a row stored before still answers and can be
 * removed; an import brings the data as it was. The owner console's grants first had this rule.
 */
export function asPrinted<T extends z.ZodType<string>>(id: T, name: string) {
  return id.refine((text) => !text.startsWith('0'), {
    message: `must be a ${name}: it never starts with 0`,
    // Said only of digits: "abc" is told the whole rule once, not this as well.
    when: (payload) => payload.issues.length === 0,
  });
}
export const WrittenDiscordId = asPrinted(DiscordId, 'Discord ID');
export const WrittenRobloxId = asPrinted(RobloxId, 'Roblox ID');

/**
 * The largest id a table's own id column holds: PostgreSQL's `integer` (the `serial` of migrate.ts's
 * idColumnType; SQLite's INTEGER holds more). A larger id names no row, yet PostgreSQL refuses the
 * query that compares it ("out of range for type integer", SQLSTATE 22003), which the server answered
 * with a 500 where SQLite answered 404. So each tool's contract holds every row id a request carries
 * (path, query string, body) to it, and a larger one is refused as invalid input on both dialects.
 * Here, not in a tool's contract, because tools never import each other's contracts.
 */
export const MAX_ID = 2_147_483_647;

/**
 * A row id sent as a JSON number: a whole number from 1 to MAX_ID. `message`, when given, words every
 * refusal ('must be a stage id'); without it the generic fragments of input.ts do.
 */
export const idNumber = (message?: string) => z.number(message).int(message).min(1, message).max(MAX_ID, message);

/**
 * A row id written as text (a path segment, a query string, or a body that may send it either way),
 * read as z.coerce reads a number: a whole number from 1 to MAX_ID.
 */
export const idFromText = (message?: string) => z.coerce.number(message).int(message).min(1, message).max(MAX_ID, message);

export const SessionIdentity = z.object({
  kind: z.enum(['discord', 'line', 'school']),
  subject: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  grants: z.array(z.string()),
});
export const MeAnswer = z.object({ identity: SessionIdentity.nullable(), devSignIn: z.boolean() });
export type MeAnswer = z.infer<typeof MeAnswer>;

/**
 * Where to go after a sign-in or sign-out (issue 11 item 5: parsed, not cast). A value that is no
 * usable text (not one string, too long, NUL, half a surrogate pair) is no returnTo, so a hostile one
 * sends the browser home as before (issue 10 item 1); the server's safeReturnTo then keeps only paths
 * on our own origin.
 */
export const ReturnTo = z
  .unknown()
  .transform((value) => (typeof value === 'string' && value.length <= 2048 && textProblem(value) === null ? value : undefined))
  .optional();
export const ReturnToQuery = z.object({ returnTo: ReturnTo });

/**
 * A GET of a Discord sign-in path: without code, state or error it starts the OAuth flow; Discord
 * comes back with them (RFC 6749 §4.1.2). Other parameters Discord adds are ignored.
 */
export const DiscordLoginQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  returnTo: ReturnTo,
});
export type DiscordLoginQuery = z.output<typeof DiscordLoginQuery>;

/** A calendar feed's file name, '<token>.ics' (core/auth/feed-tokens.ts reads the token out of it). */
export const FeedFileParams = z.object({ file: z.string().max(512) });

export const DevIdentity = z.object({ id: z.string(), label: z.string(), description: z.string() });
export const DevSignInRequest = z.object({
  identity: z.string().min(1).max(100),
  returnTo: z.string().max(500).optional(),
});

/** 002 §7 POST /api/login: both fields required (002 §5). */
export const SchoolLoginRequest = z.object({
  student_id: z.string().trim().min(1, 'Student ID is required.').max(32),
  password: z.string().min(1, 'Password is required.').max(256),
});
export type SchoolLoginRequest = z.infer<typeof SchoolLoginRequest>;

/** 002 §3 Login response: token, role, userId, studentId, email. */
export const SchoolLoginAnswer = z.object({
  token: z.string(),
  role: z.enum(['student', 'developer', 'sports_lead']),
  userId: z.number().int(),
  studentId: z.string(),
  email: z.string().nullable(),
});
export type SchoolLoginAnswer = z.infer<typeof SchoolLoginAnswer>;

/** A write with nothing to tell but that it was done (timetable logout, DELETE homework, DELETE homework-feed). */
export const OkAnswer = z.object({ ok: z.literal(true) });
