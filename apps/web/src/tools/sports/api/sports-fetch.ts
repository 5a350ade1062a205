import type { z } from 'zod';
import { clearSession, readSession } from '../lib/session';

/** A failed sports call; `message` follows 002 §8's API error rule. */
export class SportsApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SportsApiError';
  }
}

/**
 * 002 §8 "API error message: the message or error field of the response body, else 'Request failed
 * with status: {code}'. When the body cannot be read: 'Could not parse error response.'"
 */
export async function errorMessageOf(response: Response): Promise<string> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return 'Could not parse error response.';
  }
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  return `Request failed with status: ${response.status}`;
}

interface SportsFetchOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST';
  body?: unknown;
  schema: S;
  signal?: AbortSignal;
  /** 002 §7: the bearer token (default: the stored authToken). */
  auth?: boolean;
}

/** 002 §7: calls under /sports/api with `Authorization: Bearer <authToken>`. */
export async function sportsFetch<S extends z.ZodType>(path: string, options: SportsFetchOptions<S>): Promise<z.infer<S>> {
  const { method = 'GET', body, schema, signal, auth = true } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = auth ? readSession()?.token : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/sports/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new SportsApiError(0, 'An unexpected error occurred.');
  }
  if (!response.ok) throw new SportsApiError(response.status, await errorMessageOf(response));
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new SportsApiError(response.status, 'An unexpected error occurred.');
  return parsed.data;
}

/** Downloads a file answer (CSV, PDF) with the bearer token, which a plain link cannot send. */
export async function sportsDownload(path: string): Promise<Blob> {
  const token = readSession()?.token;
  const response = await fetch(`/sports/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' }).catch(() => null);
  if (!response) throw new SportsApiError(0, 'An unexpected error occurred.');
  if (!response.ok) throw new SportsApiError(response.status, await errorMessageOf(response));
  return response.blob();
}

/** 002 §6: a failure loading sports, registration or settings logs the user out. */
export function logOutAfterLoadFailure(): void {
  clearSession();
}
