import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-support/build-test-app';

// Issue 12 item 8: one-line text for people with LOG_FORMAT=pretty, JSON lines otherwise; the
// feed-token redaction (issue 10 item 5) holds in both.

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('log format', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('writes one readable line per entry with LOG_FORMAT=pretty, tokens still redacted', async () => {
    const { stream, text } = capture();
    t = await buildTestApp({
      roblox: false,
      discord: false,
      env: { ENABLED_TOOLS: 'timetable', LOG_FORMAT: 'pretty' },
      logger: { level: 'info', stream },
    });
    const token = crypto.randomBytes(24).toString('base64url');
    await t.app.inject({ url: `/timetable/api/feed/${token}.ics` });
    t.app.log.info({ answer: 42 }, 'hello operator');
    const lines = text().split('\n').filter(Boolean);
    const hello = lines.find((line) => line.includes('hello operator'));
    expect(hello).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: hello operator .*"answer":42/);
    expect(lines.every((line) => !line.startsWith('{'))).toBe(true);
    expect(text()).toContain('/timetable/api/feed/[redacted].ics');
    expect(text()).not.toContain(token);
  });

  it('writes JSON lines with LOG_FORMAT=json', async () => {
    const { stream, text } = capture();
    t = await buildTestApp({
      roblox: false,
      discord: false,
      env: { ENABLED_TOOLS: 'timetable', LOG_FORMAT: 'json' },
      logger: { level: 'info', stream },
    });
    t.app.log.info({ answer: 42 }, 'hello machine');
    const entry = text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((e) => e.msg === 'hello machine');
    expect(entry).toMatchObject({ level: 30, answer: 42 });
  });

  // Decision 0036: one line per answered request; decision 0040: written without making the request's
  // own logger, yet the same line, and a line the request writes itself still carries its id.
  it("writes one request line per answer with its request id, and the request's own lines carry that id too", async () => {
    const { stream, text } = capture();
    // The ids are chosen by a trusted proxy (inject connects from 127.0.0.1); request-id.ts.
    t = await buildTestApp({
      roblox: false,
      env: { ENABLED_TOOLS: 'recruitment', LOG_FORMAT: 'json', TRUST_PROXY: 'loopback' },
      logger: { level: 'info', stream },
    });
    await t.app.inject({ url: '/api/tools', headers: { 'x-request-id': 'req-tools' } });
    await t.app.inject({ url: '/recruitment/api/login?error=access_denied&state=x', headers: { 'x-request-id': 'req-login' } });
    const entries = text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const lines = entries.filter((e) => e.msg === 'request completed');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'req-tools', method: 'GET', url: '/api/tools', status: 200, ms: expect.any(Number) }),
      expect.objectContaining({ reqId: 'req-login', url: '/recruitment/api/login?error=access_denied&state=x', status: 302 }),
    ]);
    // The order of the fields is the request logger's: the id first, then the line's own.
    expect(Object.keys(lines[0]!).slice(-6)).toEqual(['reqId', 'method', 'url', 'status', 'ms', 'msg']);
    expect(entries.find((e) => e.msg === 'recruitment sign-in did not finish')).toMatchObject({ reqId: 'req-login', reason: 'cancelled' });
  });

  // Decision 0044: the production default keeps the lines worth reading.
  // A request's id is a trusted proxy's to choose, never a client's: a client could otherwise name its
  // requests after another request's id and have its lines read as that request's.
  it("names a request by a trusted proxy's X-Request-Id only, and by a fresh id otherwise", async () => {
    const { stream, text } = capture();
    t = await buildTestApp({
      roblox: false,
      env: { ENABLED_TOOLS: 'recruitment', LOG_FORMAT: 'json', TRUST_PROXY: '10.0.0.2' },
      logger: { level: 'info', stream },
    });
    const send = (remoteAddress: string, id: string) =>
      t!.app.inject({ url: '/api/tools', remoteAddress, headers: { 'x-request-id': id } });
    await send('10.0.0.2', 'haproxy-0A000002:9C1F_0A000001:0BB8_6745F2A1_0001:1A2B');
    await send('203.0.113.9', 'req-chosen-by-a-client');
    await send('10.0.0.2', 'x'.repeat(129));
    await send('10.0.0.2', 'two words');
    const ids = text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((e) => e.msg === 'request completed')
      .map((e) => String(e.reqId));
    expect(ids).toHaveLength(4);
    expect(ids[0]).toBe('haproxy-0A000002:9C1F_0A000001:0BB8_6745F2A1_0001:1A2B');
    for (const id of ids.slice(1)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(4);
  });

  it('writes request lines for writes and failures only with LOG_REQUESTS=notable', async () => {
    const { stream, text } = capture();
    t = await buildTestApp({
      roblox: false,
      env: { ENABLED_TOOLS: 'bureau', LOG_FORMAT: 'json', LOG_REQUESTS: 'notable' },
      logger: { level: 'info', stream },
    });
    await t.app.inject({ url: '/bureau/api/check-status?type=discord&id=123456789' });
    await t.app.inject({ url: '/bureau/api/check-status?type=discord&id=not-digits' });
    await t.app.inject({ method: 'POST', url: '/bureau/api/cases', payload: {} });
    const lines = text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((e) => e.msg === 'request completed')
      .map((e) => `${String(e.method)} ${String(e.url)} ${String(e.status)}`);
    expect(lines).toEqual(['GET /bureau/api/check-status?type=discord&id=not-digits 400', 'POST /bureau/api/cases 401']);
  });

  // Decision 0046: the rate limiter's refusals, flooding the public checker, are one line a client a minute.
  it('writes one line for a client refused many times by the rate limit with LOG_REQUESTS=notable', async () => {
    const { stream, text } = capture();
    t = await buildTestApp({
      roblox: false,
      env: { ENABLED_TOOLS: 'bureau', LOG_FORMAT: 'json', LOG_REQUESTS: 'notable', RATE_LIMIT_PUBLIC_PER_MINUTE: '2' },
      logger: { level: 'info', stream },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.app.inject({ url: `/bureau/api/check-status?type=discord&id=12345678${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    const lines = text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((e) => e.msg === 'request completed')
      .map((e) => `${String(e.url)} ${String(e.status)}`);
    expect(lines).toEqual(['/bureau/api/check-status?type=discord&id=123456782 429']);
  });

  it("writes no request lines with LOG_REQUESTS=false, and still the request's own", async () => {
    const { stream, text } = capture();
    t = await buildTestApp({
      roblox: false,
      env: { ENABLED_TOOLS: 'recruitment', LOG_FORMAT: 'json', LOG_REQUESTS: 'false', TRUST_PROXY: 'loopback' },
      logger: { level: 'info', stream },
    });
    await t.app.inject({ url: '/api/tools' });
    await t.app.inject({ url: '/recruitment/api/login?error=access_denied&state=x', headers: { 'x-request-id': 'req-login' } });
    expect(text()).not.toContain('request completed');
    expect(text()).toContain('"reqId":"req-login"');
  });
});
