import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStore } from './core/auth/api-keys';
import { buildTestApp, type TestApp } from './test-support/build-test-app';

// DEVELOPERS.md "Bad input gets a clear error": every route, whatever it is sent and by whom, answers
// a 4xx with {error} (or succeeds), never a 5xx. This sweep finds each route as the app registers it,
// so a route added later is covered without anyone remembering to list it.

interface Route {
  method: string;
  url: string;
}

const HOSTILE_PARAMS = ['x', '-1', '0', '99999999999999999999999999', '..%2F..%2Fetc%2Fpasswd', '%00', 'a'.repeat(300), '1e9999', 'null'];

const HOSTILE_BODIES: unknown[] = [
  {},
  [],
  'just a string',
  123,
  null,
  { id: { $gt: '' }, userId: ['a'], status: 42, name: 'x'.repeat(100_000) },
  { datetime: 'not a date', week_start: '2025-02-30', student_id: 7, password: {}, jobSelection: -1, answers: 'all' },
];

const HOSTILE_QUERIES = ['?id=%00&type=__proto__', '?week_start=2025-13-45&sportId=abc&page=-5&pageSize=99999', '?q=' + 'a'.repeat(2000)];

/** Streams (server-sent events) stay open by design; they are tested for their own behaviour elsewhere. */
const isStream = (url: string) => url.endsWith('/events');

function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, value);
}

describe('every route refuses hostile input with a 4xx, never a 5xx', () => {
  let t: TestApp;
  const routes: Route[] = [];
  let identities: Array<{ name: string; headers: Record<string, string> }>;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000', RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000' },
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || route.url.startsWith('/assets/') || isStream(route.url)) continue;
          routes.push({ method, url: route.url });
        }
      },
    });
    const staff = await t.signInAs('staff');
    const admin = await t.signInAs('admin');
    await t.ctx.schoolAccounts.create({ studentId: '68960001', password: 'sweep-pass', role: 'student' });
    await t.ctx.schoolAccounts.create({ studentId: '90000004', password: 'sweep-pass', role: 'sports_lead' });
    const { token: school } = await t.ctx.sessions.create({ kind: 'school', subject: '68960001', displayName: 'sweep', avatar: null });
    const { token: lead } = await t.ctx.sessions.create({ kind: 'school', subject: '90000004', displayName: 'lead', avatar: null });
    const { key: botKey } = await new ApiKeyStore(t.ctx.database.db).create('sweep', 'bureau-bot');
    identities = [
      { name: 'anonymous', headers: {} },
      { name: 'bureau staff', headers: { cookie: staff } },
      { name: 'recruitment admin', headers: { cookie: admin } },
      { name: 'student (bearer)', headers: { authorization: `Bearer ${school}` } },
      { name: 'sports lead (bearer)', headers: { authorization: `Bearer ${lead}` } },
      { name: 'bot key', headers: { authorization: `Bearer ${botKey}` } },
      { name: 'forged bearer', headers: { authorization: 'Bearer forged-token' } },
    ];
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('finds the routes of every tool', () => {
    const urls = routes.map((r) => r.url);
    for (const base of ['/recruitment/api/', '/bureau/api/', '/bureau/worker/', '/timetable/api/', '/sports/api/', '/auth/']) {
      expect(urls.some((u) => u.startsWith(base)), base).toBe(true);
    }
  });

  it('answers no 5xx, and every error as {error}', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const identity of identities) {
        const attempts: Array<{ url: string; payload?: unknown; contentType?: string }> = [];
        for (const param of HOSTILE_PARAMS) attempts.push({ url: fill(route.url, param) });
        for (const query of HOSTILE_QUERIES) attempts.push({ url: fill(route.url, '1') + query });
        if (route.method !== 'GET') {
          for (const body of HOSTILE_BODIES) attempts.push({ url: fill(route.url, '1'), payload: JSON.stringify(body), contentType: 'application/json' });
          attempts.push({ url: fill(route.url, '1'), payload: '{"unterminated', contentType: 'application/json' });
          // Issue 10 item 18: an empty JSON body reaches every route as no body at all.
          attempts.push({ url: fill(route.url, '1'), payload: '', contentType: 'application/json' });
          attempts.push({ url: fill(route.url, '1'), payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' });
          attempts.push({ url: fill(route.url, '1'), payload: Buffer.from([0, 1, 2, 255]), contentType: 'application/octet-stream' });
        }
        for (const attempt of attempts) {
          const response = await t.request({
            method: route.method as 'GET',
            url: attempt.url,
            headers: { ...identity.headers, ...(attempt.contentType ? { 'content-type': attempt.contentType } : {}), 'x-filename': '..%2F..%2Fevil.sh' },
            ...(attempt.payload !== undefined ? { payload: attempt.payload as string } : {}),
          });
          const where = `${route.method} ${attempt.url.slice(0, 120)} as ${identity.name}`;
          if (response.statusCode >= 500) failures.push(`${where} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
          else if (response.statusCode >= 400 && String(response.headers['content-type'] ?? '').includes('application/json')) {
            const body = response.json() as { error?: unknown };
            if (typeof body.error !== 'string' || body.error.length === 0) failures.push(`${where} -> ${response.statusCode} without {error}: ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
