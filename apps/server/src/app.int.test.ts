import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './core/db/test-databases';
import { helmetOptions } from './core/http/http-plugin';
import { buildTestApp, type TestApp } from './test-support/build-test-app';

// ARCHITECTURE.md §6: every failure answers {error} with the right 4xx; bad input never gets a 500.
describe.each(DIALECTS)('the HTTP core on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', BODY_LIMIT_BYTES: '2048', RATE_LIMIT_PUBLIC_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz with the database in use', async () => {
    const res = await t.request({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: dialect });
  });

  it('refuses a cookie-carrying write from another origin with 403 {error}, keeping the session', async () => {
    const cookie = await t.signInAs('staff');
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      {},
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, ...headers } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: `This request came from another site and was refused. Open Guildhall at ${t.origin}.`,
        code: 'cross_site',
      });
    }
    expect((await t.request({ url: '/auth/api/me', cookie })).json().identity).not.toBeNull();
    // The same write from our own origin goes through.
    const own = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, origin: t.origin } });
    expect(own.statusCode).toBe(302);
  });

  it('names the bad field of a malformed checker query (400 {error})', async () => {
    const cases: Array<[string, RegExp]> = [
      ['type=discord&id=abc', /^id: must be a Discord ID: 5 to 25 digits$/],
      ['type=roblox&id=12a', /^id: must be a Roblox ID: 1 to 20 digits$/],
      ['type=email&id=123456', /^type: /],
      ['id=123456', /^type: /],
      ['type=discord', /^id: /],
      [`type=discord&id=${'9'.repeat(40)}`, /^id: /],
    ];
    for (const [i, [query, message]] of cases.entries()) {
      // One client address per case, so the checker's rate limit (5 here) does not interfere.
      const res = await t.app.inject({ url: `/bureau/api/check-status?${query}`, remoteAddress: `198.51.100.${i + 1}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatch(message);
    }
  });

  it('answers 413 {error} for an oversize body and 400 {error} for invalid JSON; an empty JSON body is no body', async () => {
    const big = await t.request({
      method: 'POST',
      url: '/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(4096) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The request body is too large.', code: 'body_too_large' });

    const broken = await t.request({
      method: 'POST',
      url: '/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"returnTo": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'invalid_json' });

    // Issue 10 item 18: a call that needs no body goes through (routes that need one: sports.int.test.ts).
    const empty = await t.request({ method: 'POST', url: '/auth/logout', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(302);

    const odd = await t.request({
      method: 'POST',
      url: '/auth/logout',
      headers: { 'content-type': 'application/x-strange' },
      payload: 'hello',
    });
    expect(odd.statusCode).toBe(415);
    expect(odd.json()).toEqual({ error: expect.any(String), code: 'unsupported_media_type' });
  });

  it('answers unknown routes with 404 {error}', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/bureau/api/nope'],
      ['GET', '/auth/nope'],
      ['DELETE', '/healthz'],
      ['GET', '/bureau/worker/nope'],
    ] as const) {
      const res = await t.request({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: `No such route: ${method} ${url}`, code: 'not_found' });
    }
  });

  it("answers an address refused before routing in the {error, code} shape, not Fastify's own (decision 0017)", async () => {
    for (const url of ['/%ED%A0%80', '/assets/%', '/bureau/api/nope%zz']) {
      const res = await t.request({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(res.json(), url).toEqual({ error: 'The address is not a valid URL.', code: 'client_error' });
    }
    const long = await t.request({ url: `/bureau/api/records/${'1'.repeat(201)}/infractions` });
    expect([long.statusCode, long.json()]).toEqual([414, { error: 'A part of the address is too long.', code: 'client_error' }]);
  });

  it('rate-limits the public checker: 429 {error} after RATE_LIMIT_PUBLIC_PER_MINUTE requests', async () => {
    // A client address of its own, so the other tests' checker calls do not count.
    const remoteAddress = '203.0.113.7';
    for (let i = 0; i < 5; i++) {
      const ok = await t.app.inject({ url: '/bureau/api/check-status?type=discord&id=123456', remoteAddress });
      expect(ok.statusCode).toBe(200);
      // Decision 0040: a public answer carries no counts; the 429 does.
      expect(Object.keys(ok.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    const limited = await t.app.inject({ url: '/bureau/api/check-status?type=discord&id=123456', remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' });
    expect(limited.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'retry-after': expect.any(String) });
    const other = await t.app.inject({ url: '/bureau/api/check-status?type=discord&id=123456', remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(200);
  });

  it("sends helmet's headers on what may be shown as a document, and the data ones on JSON answers (decision 0040)", async () => {
    // The reference: the plugin itself, per request, with the app's options (core/http computes them once).
    const reference = Fastify({ logger: false });
    await reference.register(helmet, helmetOptions({ isProduction: t.config.isProduction }));
    reference.get('/x', async () => ({}));
    const expected = (await reference.inject({ url: '/x' })).headers;
    await reference.close();
    const helmetNames = Object.keys(expected).filter(
      (name) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name),
    );
    expect(helmetNames.length).toBeGreaterThan(8);
    const dataNames = [
      'x-content-type-options',
      'cross-origin-resource-policy',
      ...(t.config.isProduction ? ['strict-transport-security'] : []),
    ];

    const cookie = await t.signInAs('staff');
    const jsonAnswers = [
      await t.request({ url: '/bureau/api/check-status?type=discord&id=123456' }),
      await t.request({ url: '/api/tools' }),
      await t.request({ url: '/api/nope' }),
      await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, origin: 'https://evil.example' } }),
    ];
    for (const res of jsonAnswers) {
      expect(res.headers['content-type'], `${res.statusCode}`).toMatch(/^application\/json/);
      for (const name of dataNames) expect(res.headers[name], `${res.statusCode} ${name}`).toBe(expected[name]);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      // Document-only headers stay off the JSON answers.
      for (const name of helmetNames.filter((n) => !dataNames.includes(n) && n !== 'content-security-policy'))
        expect(res.headers[name], `${res.statusCode} ${name}`).toBeUndefined();
    }
    // Anything else may be opened as a document: a page (the shell, or the text saying the web app is not built).
    const page = await t.request({ url: '/bureau/checker' });
    expect(page.headers['content-type']).toMatch(/^text\//);
    for (const name of helmetNames) expect(page.headers[name], `page ${name}`).toBe(expected[name]);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
