import type { z } from 'zod';

/** 001 §8: the text for a failure nobody classified. */
export const UNKNOWN_ERROR = 'An unknown error occurred.';
export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/**
 * A failed call. `message` is the sentence the server sent as `{error}` (ARCHITECTURE.md §6), so a
 * page can show it as it is; `status` is 0 when the server could not be reached at all.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Added to the URL; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** When given, the answer is checked against the shared contract before anyone uses it. */
  schema?: S;
  /** Lets tests call a server that is not this page's origin; the app never sets it. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>, baseUrl = ''): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;
}

/** The `{error}` text of a failed answer, or the catalogue's fallback when there is none. */
export function errorMessageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const text = (body as { error: unknown }).error;
    if (typeof text === 'string' && text.trim()) return text;
  }
  return UNKNOWN_ERROR;
}

/**
 * The one way the web app talks to the server: JSON both ways, cookies only to our own origin, and
 * a thrown ApiError carrying the server's own sentence for anything that is not 2xx.
 */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  const { method = 'GET', query, body, signal, schema, baseUrl, fetchImpl = fetch } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetchImpl(buildUrl(path, query, baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    // An abort is TanStack Query cancelling; it must stay an AbortError so the query ignores it.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (!response.ok) throw new ApiError(response.status, errorMessageOf(parsed));
  if (text && parsed === undefined) throw new ApiError(response.status, UNKNOWN_ERROR);
  if (!schema) return parsed as never;
  const checked = schema.safeParse(parsed);
  // A server that answers outside its own contract is a bug on our side, not the user's input.
  if (!checked.success) throw new ApiError(502, UNKNOWN_ERROR);
  return checked.data as never;
}
