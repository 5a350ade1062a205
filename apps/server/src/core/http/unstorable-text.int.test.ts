import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../db/test-databases';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

// Issue 10 item 8: text PostgreSQL cannot store (NUL) answered 500 there while SQLite stored it, even
// on unauthenticated calls. Every input parsed with a contract now refuses it, and half a surrogate
// pair (which both drivers would silently turn into U+FFFD), with a 400 naming the field, on both
// dialects. The route sweep (route-sweep.int.test.ts) covers every other route.

const NUL_IN = (field: string) => ({ error: `${field}: must not contain the NUL character (\\u0000)`, code: 'invalid_input' });
const SURROGATE_IN = (field: string) => ({
  error: `${field}: must be valid Unicode text (it holds half of a surrogate pair)`,
  code: 'invalid_input',
});

describe.each(DIALECTS)('text the database cannot keep is a 400 naming the field, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      discord: false,
      roblox: false,
      env: { ENABLED_TOOLS: 'timetable,appointments', RATE_LIMIT_PUBLIC_PER_MINUTE: '100000', RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000' },
    });
    await t.ctx.schoolAccounts.create({ studentId: '68960001', password: 'alice-pass', role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (payload: string, contentType = 'application/json') =>
    t.request({ method: 'POST', url: '/timetable/api/login', headers: { 'content-type': contentType }, payload });

  it('POST /timetable/api/login (unauthenticated) refuses NUL and lone surrogates in either field', async () => {
    const cases: Array<[string, string, string, { error: string; code: string }]> = [
      ['json NUL student_id', '{"student_id":"\\u0000","password":"x"}', 'application/json', NUL_IN('student_id')],
      ['json NUL password', '{"student_id":"68960001","password":"alice\\u0000"}', 'application/json', NUL_IN('password')],
      ['json lone surrogate', '{"student_id":"6896\\ud8000001","password":"x"}', 'application/json', SURROGATE_IN('student_id')],
      ['form NUL student_id', 'student_id=%00&password=x', 'application/x-www-form-urlencoded', NUL_IN('student_id')],
      [
        '100 KB student_id',
        JSON.stringify({ student_id: '6'.repeat(100_000), password: 'x' }),
        'application/json',
        { error: 'student_id: must be at most 32 characters', code: 'invalid_input' },
      ],
    ];
    for (const [name, payload, contentType, error] of cases) {
      const res = await login(payload, contentType);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual(error);
    }
    // The real sign-in still works.
    expect((await login('{"student_id":"68960001","password":"alice-pass"}')).statusCode).toBe(200);
  });

  it('POST /bureau/worker/register-user (LINE) refuses NUL in the display name and stores nothing', async () => {
    const minted = await t.request({
      method: 'POST',
      url: '/bureau/worker/mock/id-token',
      payload: { userId: 'Unul', displayName: 'Nul' },
    });
    expect(minted.statusCode).toBe(200);
    const authorization = `Bearer ${(minted.json() as { idToken: string }).idToken}`;
    const register = (displayName: string) =>
      t.request({
        method: 'POST',
        url: '/bureau/worker/register-user',
        headers: { authorization },
        payload: { userId: 'Unul', displayName },
      });

    const refused = await register('Nul\u0000');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(NUL_IN('displayName'));
    const halfPair = await register('Nul \udc00');
    expect(halfPair.statusCode).toBe(400);
    expect(halfPair.json()).toEqual(SURROGATE_IN('displayName'));

    const stored = await register('Nul');
    expect(stored.statusCode).toBe(200);
    expect(stored.json().user).toMatchObject({ userId: 'Unul', displayName: 'Nul' });
  });
});
