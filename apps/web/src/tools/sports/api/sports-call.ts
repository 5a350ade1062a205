import { z } from 'zod';
import type { ApiFailure, ApiRequestOptions } from '@/lib/api-client';
import { readSession } from '../lib/session';

/** Every sports call lives under /sports/api (002 §7). */
export const SPORTS_API = '/sports/api';

/** 002 §8: what the hub shows for a failure the spec does not word. */
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

/** A field of a failed answer that a person can read: a non-empty string, else nothing. */
const sentence = z.string().min(1).optional().catch(undefined);
const FailureBody = z.object({ message: sentence, error: sentence });

/**
 * 002 §8 "API error message: the message or error field of the response body, else 'Request failed
 * with status: {code}'. When the body cannot be read: 'Could not parse error response.'"
 */
export function sportsFailureMessage(failure: ApiFailure): string {
  if (failure.kind !== 'refused') return UNEXPECTED_ERROR;
  if (!failure.readable) return 'Could not parse error response.';
  const body = FailureBody.safeParse(failure.body);
  return (body.success && (body.data.message ?? body.data.error)) || `Request failed with status: ${failure.status}`;
}

/**
 * What every sports call adds to apiRequest: 002 §7 `Authorization: Bearer <authToken>` (the stored
 * token; `auth: false` for the calls made before a login) and 002 §8's wording of failures.
 */
export function sportsCall({ auth = true } = {}): Pick<ApiRequestOptions<undefined>, 'bearer' | 'describeFailure'> {
  return { bearer: auth ? readSession()?.token : undefined, describeFailure: sportsFailureMessage };
}
