import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '@/lib/api-client';
import { SPORTS_API, UNEXPECTED_ERROR, sportsCall } from './sports-call';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The message of the ApiError a sports call throws when the server answers `response`. */
async function failureOf(response: () => Response): Promise<string> {
  const error = await apiRequest(`${SPORTS_API}/sports`, { ...sportsCall({ auth: false }), fetchImpl: async () => response() }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).message;
}

// 002 §8 Sports hub "API error message": the message or error field of the response body, else
// 'Request failed with status: {code}'; when the body cannot be read, 'Could not parse error response.'
describe('a failed sports call reads as 002 §8 says', () => {
  it('prefers the message field, then the error field', async () => {
    expect(await failureOf(() => json({ message: 'Sport is full.', error: 'ignored' }, 409))).toBe('Sport is full.');
    expect(await failureOf(() => json({ error: 'Registration is currently closed.' }, 403))).toBe('Registration is currently closed.');
  });

  it("falls back to 'Request failed with status: {code}' for a body without either", async () => {
    expect(await failureOf(() => json({}, 502))).toBe('Request failed with status: 502');
    expect(await failureOf(() => json({ message: '', error: 42 }, 500))).toBe('Request failed with status: 500');
    expect(await failureOf(() => json(null, 404))).toBe('Request failed with status: 404');
  });

  it("answers 'Could not parse error response.' when the body is not JSON", async () => {
    expect(await failureOf(() => new Response('<html>Bad gateway</html>', { status: 502 }))).toBe('Could not parse error response.');
    expect(await failureOf(() => new Response(null, { status: 500 }))).toBe('Could not parse error response.');
  });

  it("answers 'An unexpected error occurred.' when the server cannot be reached or answers outside the contract", async () => {
    const unreachable = apiRequest(`${SPORTS_API}/sports`, {
      ...sportsCall({ auth: false }),
      fetchImpl: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(unreachable).rejects.toMatchObject({ status: 0, message: UNEXPECTED_ERROR });
    expect(await failureOf(() => new Response('not json', { status: 200 }))).toBe(UNEXPECTED_ERROR);
  });
});

describe('002 §7: sports calls carry the stored token as a bearer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends Authorization: Bearer <authToken>, and none on the calls made before a login', async () => {
    const stored: Record<string, string> = { authToken: 'tok-1', userRole: 'student', userId: '7', studentId: '12345', userEmail: '' };
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored[key] ?? null });
    expect(sportsCall().bearer).toBe('tok-1');
    expect(sportsCall({ auth: false }).bearer).toBeUndefined();
  });
});
