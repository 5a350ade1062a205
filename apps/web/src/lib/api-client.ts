import type { z } from 'zod';

/** 001 §8: the text for a failure nobody classified. */
export const UNKNOWN_ERROR = 'An unknown error occurred.';
export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';
/** A 429 that is not ours (a proxy's page): classified by its status, not left as unknown. */
export const TOO_MANY_ERROR = 'Too many requests. Wait a minute and try again.';
/** A 502, 503 or 504 that is not ours: a proxy or load balancer found no server to answer. */
export const UNAVAILABLE_ERROR = 'The server is not answering right now. Try again in a moment.';

/**
 * A failed call. `message` is the sentence the server sent as `{error}` (ARCHITECTURE.md §6), so a
 * page can show it as it is; `code` is the server's stable `{code}` (decision 0017), which a page
 * branches on for what the failure means (sign in first, staff only, ...), null when there was no
 * answer of ours; `status` is for transport decisions only: 0 when the server could not be reached.
 * `details` is the data the server's sentence carries (issue 16 item 1: a sport's spots, a CSV line),
 * for a page that words the refusal in its reader's language.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly details: ErrorDetails | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

/** The contracts' ErrorDetails, declared here so this file needs no zod. */
export type ErrorDetails = Readonly<Record<string, string | number>>;

/**
 * Why a call failed, for a tool whose spec words failures its own way (002 §8 sports hub, 001 §8 the
 * appointment mini-app): `describeFailure` turns it into the ApiError's message.
 */
export type ApiFailure =
  /** The call itself failed (no connection); `error` is what fetch threw. */
  | { kind: 'unreachable'; error: unknown }
  /** A status that is not 2xx; `body` is its JSON, `readable` is false when it had none. */
  | { kind: 'refused'; status: number; body: unknown; readable: boolean }
  /** A 2xx answer that is not JSON or not what the shared contract says. */
  | { kind: 'off-contract'; status: number };

/** The sentence for a failure everywhere else: the server's `{error}`, or the catalogue's fallbacks. */
export function defaultFailureMessage(failure: ApiFailure): string {
  if (failure.kind === 'unreachable') return NETWORK_ERROR;
  if (failure.kind === 'refused') return errorMessageOf(failure.body, failure.status);
  return UNKNOWN_ERROR;
}

/**
 * A contract's schema loaded on first use (decision 0035): the app shell's own calls (who is signed
 * in, the tools) check their answers like every call, without putting zod in the code every page
 * needs before it paints. `lazySchema(() => import('@guildhall/contracts').then((m) => m.MeAnswer))`.
 */
export interface LazySchema<T> {
  readonly load: () => Promise<AnswerCheck<T>>;
}

/** The one thing the client asks of a schema. */
interface AnswerCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export function lazySchema<S extends z.ZodType>(load: () => Promise<S>): LazySchema<z.infer<S>> {
  return { load: load as () => Promise<AnswerCheck<z.infer<S>>> };
}

/** What `schema` takes: a contract's zod schema, or one loaded on first use. */
export type AnswerSchema = z.ZodType | LazySchema<unknown>;

const isLazy = (schema: AnswerSchema): schema is LazySchema<unknown> => typeof (schema as Partial<LazySchema<unknown>>).load === 'function';

export interface ApiRequestOptions<S extends AnswerSchema | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Added to the URL; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a Blob (a File) is sent as it is, with its own type (000 §7 upload-file). */
  body?: unknown;
  /** More request headers (e.g. 000 §7 upload-file's X-Filename). */
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>` (002 §7 sports calls, the LIFF ID token); left out when empty. */
  bearer?: string | null;
  signal?: AbortSignal;
  /** When given, the answer is checked against the shared contract before anyone uses it. */
  schema?: S;
  /** The tool's own wording of failures; defaultFailureMessage otherwise. */
  describeFailure?: (failure: ApiFailure) => string;
  /** Default 'same-origin'; 'omit' for a call a spec makes without cookies (000 §7 GET /api/public-settings). */
  credentials?: RequestCredentials;
  /** Lets tests call a server that is not this page's origin; the app never sets it. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}

export type ApiAnswer<S extends AnswerSchema | undefined> = S extends z.ZodType ? z.infer<S> : S extends LazySchema<infer T> ? T : unknown;

export function buildUrl(path: string, query?: Record<string, QueryValue>, baseUrl = ''): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;
}

/**
 * The `{error}` text of a failed answer; without one, a sentence for its status when the status says
 * what happened (a proxy's 429 or 502-504 page), else the catalogue's fallback (001 §8).
 */
export function errorMessageOf(body: unknown, status?: number): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const text = (body as { error: unknown }).error;
    if (typeof text === 'string' && text.trim()) return text;
  }
  if (status === 429) return TOO_MANY_ERROR;
  if (status === 502 || status === 503 || status === 504) return UNAVAILABLE_ERROR;
  return UNKNOWN_ERROR;
}

/** The `{code}` of a failed answer (decision 0017), or null when the answer is not ours. */
export function errorCodeOf(body: unknown): string | null {
  // The shape of the contracts' ErrorAnswer ({error, code}), checked by hand so this file needs no zod.
  if (!body || typeof body !== 'object') return null;
  const { error, code } = body as { error?: unknown; code?: unknown };
  return typeof error === 'string' && typeof code === 'string' ? code : null;
}

/** The `details` of a failed answer of ours (issue 16 item 1), or null: only strings and numbers are kept. */
function errorDetailsOf(body: unknown): ErrorDetails | null {
  if (errorCodeOf(body) === null) return null;
  const { details } = body as { details?: unknown };
  if (!details || typeof details !== 'object' || Array.isArray(details)) return null;
  const kept = Object.entries(details).filter(([, value]) => typeof value === 'string' || typeof value === 'number');
  return kept.length ? Object.fromEntries(kept) : null;
}

function parseJson(text: string): { readable: boolean; value: unknown } {
  if (!text) return { readable: false, value: undefined };
  try {
    return { readable: true, value: JSON.parse(text) };
  } catch {
    return { readable: false, value: undefined };
  }
}

/**
 * Who carries a call when none is given: the browser's fetch, or, while the server renders a page with
 * its first screen's answers (decision 0039, prerender-entry.tsx), the server answering in-process.
 */
let defaultTransport: typeof fetch = (input, init) => fetch(input, init);

export function setDefaultTransport(transport: typeof fetch): void {
  defaultTransport = transport;
}

/** Sends the call; answers the response when it is 2xx, else throws the ApiError for it. */
async function send<S extends AnswerSchema | undefined>(
  path: string,
  options: ApiRequestOptions<S>,
  accept: string | null,
): Promise<Response> {
  const {
    method = 'GET',
    query,
    body,
    bearer,
    signal,
    baseUrl,
    credentials = 'same-origin',
    fetchImpl = defaultTransport,
    describeFailure = defaultFailureMessage,
  } = options;
  const headers: Record<string, string> = accept ? { accept } : {};
  if (body instanceof Blob) headers['content-type'] = body.type || 'application/octet-stream';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  Object.assign(headers, options.headers);

  let response: Response;
  try {
    response = await fetchImpl(buildUrl(path, query, baseUrl), {
      method,
      headers,
      body: body === undefined || body instanceof Blob ? body : JSON.stringify(body),
      credentials,
      signal,
    });
  } catch (error) {
    // An abort is TanStack Query cancelling; it must stay an AbortError so the query ignores it.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, describeFailure({ kind: 'unreachable', error }));
  }
  if (!response.ok) {
    const { readable, value } = parseJson(await response.text());
    throw new ApiError(
      response.status,
      describeFailure({ kind: 'refused', status: response.status, body: value, readable }),
      errorCodeOf(value),
      errorDetailsOf(value),
    );
  }
  return response;
}

/**
 * The one way the web app talks to the server: JSON both ways, cookies only to our own origin, and
 * a thrown ApiError carrying the server's own sentence for anything that is not 2xx. This variant
 * also answers the response headers (000 §7: the applications list's total is X-Total-Count).
 */
export async function apiResponse<S extends AnswerSchema | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<S> = {},
): Promise<{ data: ApiAnswer<S>; headers: Headers }> {
  const { schema, describeFailure = defaultFailureMessage } = options;
  const response = await send(path, options, 'application/json');
  const text = await response.text();
  const { readable, value } = parseJson(text);
  if (text && !readable) throw new ApiError(response.status, describeFailure({ kind: 'off-contract', status: response.status }));
  if (!schema) return { data: value as ApiAnswer<S>, headers: response.headers };
  const check: AnswerCheck<unknown> = isLazy(schema) ? await schema.load() : schema;
  const checked = check.safeParse(value);
  // A server that answers outside its own contract is a bug on our side, not the user's input.
  if (!checked.success) throw new ApiError(502, describeFailure({ kind: 'off-contract', status: response.status }));
  return { data: checked.data as ApiAnswer<S>, headers: response.headers };
}

/** apiResponse without the headers: what nearly every call needs. */
export async function apiRequest<S extends AnswerSchema | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<S> = {},
): Promise<ApiAnswer<S>> {
  return (await apiResponse(path, options)).data;
}

/** A file answer (a PDF, a CSV) through the same client, so the failures read the same as any call. */
export async function apiDownload(
  path: string,
  options: Omit<ApiRequestOptions<undefined>, 'schema'> = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send(path, options, null);
  return { blob: await response.blob(), headers: response.headers };
}
