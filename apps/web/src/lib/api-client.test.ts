import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR, apiRequest, buildUrl } from './api-client';

/** A stand-in for the browser's fetch that records what it was asked and answers `response`. */
function fakeFetch(response: () => Response) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return response();
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('buildUrl', () => {
  it('adds the query, leaving out null and undefined', () => {
    expect(buildUrl('/bureau/api/check-status', { type: 'roblox', id: '12 3', page: null, q: undefined })).toBe(
      '/bureau/api/check-status?type=roblox&id=12+3',
    );
    expect(buildUrl('/x?a=1', { b: 2 })).toBe('/x?a=1&b=2');
    expect(buildUrl('/x')).toBe('/x');
  });
});

describe('apiRequest', () => {
  it('sends JSON with same-origin credentials and returns the parsed answer', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json(200, { ok: true }));
    const answer = await apiRequest('/api/thing', { method: 'POST', body: { name: 'สมชาย' }, fetchImpl });
    expect(answer).toEqual({ ok: true });
    expect(calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"name":"สมชาย"}' });
    expect((calls[0]!.init!.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it("throws an ApiError carrying the server's {error} sentence and status", async () => {
    const { fetchImpl } = fakeFetch(() => json(400, { error: 'id: must be a Discord ID: 5 to 25 digits' }));
    const failure = await apiRequest('/x', { fetchImpl }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message: 'id: must be a Discord ID: 5 to 25 digits' });
  });

  it("falls back to 001 §8's 'An unknown error occurred.' when the failure has no {error}", async () => {
    const { fetchImpl } = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/x', { fetchImpl })).rejects.toMatchObject({ status: 502, message: UNKNOWN_ERROR });
  });

  it('turns an unreachable server into status 0 with a sentence for a person', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(apiRequest('/x', { fetchImpl })).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR });
  });

  it('lets an abort through untouched, so a cancelled query stays cancelled', async () => {
    const fetchImpl = (async () => {
      throw new DOMException('aborted', 'AbortError');
    }) as unknown as typeof fetch;
    await expect(apiRequest('/x', { fetchImpl })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('checks the answer against the contract when one is given', async () => {
    const schema = z.object({ count: z.number() });
    const good = fakeFetch(() => json(200, { count: 3 }));
    await expect(apiRequest('/x', { schema, fetchImpl: good.fetchImpl })).resolves.toEqual({ count: 3 });
    const bad = fakeFetch(() => json(200, { count: 'three' }));
    await expect(apiRequest('/x', { schema, fetchImpl: bad.fetchImpl })).rejects.toMatchObject({ status: 502, message: UNKNOWN_ERROR });
  });
});
