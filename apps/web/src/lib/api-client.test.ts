import { readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  type ApiFailure,
  NETWORK_ERROR,
  TOO_MANY_ERROR,
  UNAVAILABLE_ERROR,
  UNKNOWN_ERROR,
  apiDownload,
  apiRequest,
  apiResponse,
  buildUrl,
  lazySchema,
} from './api-client';

/** A stand-in for the browser's fetch that records what it was asked and answers `response`. */
function fakeFetch(response: () => Response) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return response();
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
  it('checks an answer against a schema loaded on first use (decision 0035), as against a schema given', async () => {
    let loads = 0;
    const schema = lazySchema(async () => {
      loads++;
      return z.object({ tools: z.array(z.string()) });
    });
    expect(loads).toBe(0);
    const good = fakeFetch(() => json(200, { tools: ['bureau'], extra: 1 }));
    await expect(apiRequest('/api/tools', { schema, fetchImpl: good.fetchImpl })).resolves.toEqual({ tools: ['bureau'] });
    const bad = fakeFetch(() => json(200, { tools: 'bureau' }));
    await expect(apiRequest('/api/tools', { schema, fetchImpl: bad.fetchImpl })).rejects.toMatchObject({
      status: 502,
      message: UNKNOWN_ERROR,
    });
    expect(loads).toBe(2);
  });

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

  it("carries the server's {code} for pages to branch on, and null when the answer is not ours (decision 0017)", async () => {
    const coded = fakeFetch(() => json(403, { error: 'Bureau staff only.', code: 'forbidden' }));
    await expect(apiRequest('/x', { fetchImpl: coded.fetchImpl })).rejects.toMatchObject({
      status: 403,
      message: 'Bureau staff only.',
      code: 'forbidden',
    });
    const proxy = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/x', { fetchImpl: proxy.fetchImpl })).rejects.toMatchObject({ status: 502, code: null });
  });

  it("falls back to 001 §8's 'An unknown error occurred.' when the failure has no {error} and its status says nothing", async () => {
    const { fetchImpl } = fakeFetch(() => new Response('<html>Internal error</html>', { status: 500 }));
    await expect(apiRequest('/x', { fetchImpl })).rejects.toMatchObject({ status: 500, message: UNKNOWN_ERROR });
  });

  it("words a proxy's 429 and 502-504 pages by their status, and keeps our own {error} over it", async () => {
    const tooMany = fakeFetch(() => new Response('<html>Slow down</html>', { status: 429 }));
    await expect(apiRequest('/x', { fetchImpl: tooMany.fetchImpl })).rejects.toMatchObject({ status: 429, message: TOO_MANY_ERROR });
    for (const status of [502, 503, 504]) {
      const proxy = fakeFetch(() => new Response('<html>Bad gateway</html>', { status }));
      await expect(apiRequest('/x', { fetchImpl: proxy.fetchImpl })).rejects.toMatchObject({ status, message: UNAVAILABLE_ERROR });
    }
    const ours = fakeFetch(() => json(503, { error: 'The database is not answering.', code: 'unavailable' }));
    await expect(apiRequest('/x', { fetchImpl: ours.fetchImpl })).rejects.toMatchObject({ message: 'The database is not answering.' });
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

describe('what the tools need from the one client (issue 11 item 5)', () => {
  it('sends a bearer token when given one, and no Authorization header otherwise', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json(200, {}));
    await apiRequest('/sports/api/sports', { bearer: 'token-1', fetchImpl });
    await apiRequest('/sports/api/config', { bearer: undefined, fetchImpl });
    expect((calls[0]!.init!.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect(calls[1]!.init!.headers).not.toHaveProperty('authorization');
  });

  it('answers the headers beside the checked data (000 §7 X-Total-Count)', async () => {
    const { fetchImpl } = fakeFetch(() => new Response('[1,2]', { status: 200, headers: { 'x-total-count': '41' } }));
    const { data, headers } = await apiResponse('/recruitment/api/applications', { schema: z.array(z.number()), fetchImpl });
    expect(data).toEqual([1, 2]);
    expect(headers.get('x-total-count')).toBe('41');
  });

  it('sends a file as it is, with its own type and the extra headers', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json(200, { finalUrl: '/f' }));
    const file = new Blob(['%PDF'], { type: 'application/pdf' });
    await apiRequest('/recruitment/api/upload-file', { method: 'POST', body: file, headers: { 'x-filename': 'cv.pdf' }, fetchImpl });
    expect(calls[0]!.init!.body).toBe(file);
    expect(calls[0]!.init!.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-filename': 'cv.pdf' });
  });

  it("hands each failure to the tool's own wording, saying whether the body could be read", async () => {
    const seen: ApiFailure[] = [];
    const describeFailure = (failure: ApiFailure) => {
      seen.push(failure);
      return `failure ${seen.length}`;
    };
    const unreachable = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(apiRequest('/x', { describeFailure, fetchImpl: unreachable })).rejects.toMatchObject({ status: 0, message: 'failure 1' });
    await expect(
      apiRequest('/x', { describeFailure, fetchImpl: fakeFetch(() => json(409, { message: 'Sport is full.' })).fetchImpl }),
    ).rejects.toMatchObject({
      status: 409,
      message: 'failure 2',
    });
    await expect(
      apiRequest('/x', { describeFailure, fetchImpl: fakeFetch(() => new Response('<html>', { status: 502 })).fetchImpl }),
    ).rejects.toMatchObject({
      message: 'failure 3',
    });
    const schema = z.object({ ok: z.literal(true) });
    await expect(
      apiRequest('/x', { schema, describeFailure, fetchImpl: fakeFetch(() => json(200, { ok: false })).fetchImpl }),
    ).rejects.toMatchObject({
      status: 502,
      message: 'failure 4',
    });
    expect(seen).toEqual([
      { kind: 'unreachable', error: new TypeError('Failed to fetch') },
      { kind: 'refused', status: 409, body: { message: 'Sport is full.' }, readable: true },
      { kind: 'refused', status: 502, body: undefined, readable: false },
      { kind: 'off-contract', status: 200 },
    ]);
  });

  it('downloads a file answer with its headers; a refused download throws ApiError like any call', async () => {
    const pdf = fakeFetch(
      () => new Response('%PDF-1.7', { status: 200, headers: { 'content-disposition': 'attachment; filename="a.pdf"' } }),
    );
    const { blob, headers } = await apiDownload('/bureau/api/records/1/documents/ban', { bearer: 't', fetchImpl: pdf.fetchImpl });
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(headers.get('content-disposition')).toContain('a.pdf');
    expect(pdf.calls[0]!.init!.headers).toEqual({ authorization: 'Bearer t' });
    const refused = fakeFetch(() => json(403, { error: 'Staff only.' }));
    await expect(apiDownload('/x', { fetchImpl: refused.fetchImpl })).rejects.toMatchObject({ status: 403, message: 'Staff only.' });
  });
});

// Issue 11 item 5: apiRequest is the web's one way to the server. A second client (its own error
// class, its own error wording, its own JSON handling) is how they drifted apart before.
describe('the one way the web talks to the server', () => {
  const webSource = fileURLToPath(new URL('..', import.meta.url));
  /** Files that may call fetch themselves, each with the reason. */
  const ALLOWED: Record<string, string> = {
    'lib/api-client.ts': 'the client itself',
  };

  it('no file but lib/api-client.ts calls fetch( directly', () => {
    const callers = readdirSync(webSource, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => file.split(sep).join('/'))
      .filter((file) => !(file in ALLOWED) && /\bfetch\(/.test(readFileSync(join(webSource, file), 'utf8')));
    expect(callers).toEqual([]);
  });
});
