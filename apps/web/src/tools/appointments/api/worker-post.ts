import type { z } from 'zod';
import { httpErrorMessage } from '../lib/appointment-flow';

/**
 * POST to the appointment worker with the LIFF ID token (ARCHITECTURE.md §4). Not the shared
 * apiRequest: the mini-app words its errors by 001 §8 ('HTTP error! status: {status}' when the
 * server sends no error field; the exception's own message when the call itself fails).
 */
export async function workerPost<S extends z.ZodType>(path: string, body: unknown, idToken: string | null, schema: S): Promise<z.infer<S>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (idToken) headers.authorization = `Bearer ${idToken}`;
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  const parsed: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(httpErrorMessage(response.status, parsed));
  const checked = schema.safeParse(parsed);
  if (!checked.success) throw new Error(`HTTP error! status: ${response.status}`);
  return checked.data;
}
