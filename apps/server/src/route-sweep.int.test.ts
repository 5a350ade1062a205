import { demoPeople } from '@guildhall/testkit';
import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStore } from './core/auth/api-keys';
import { DIALECTS } from './core/db/test-databases';
import { buildTestApp, type TestApp } from './test-support/build-test-app';

// DEVELOPERS.md "Bad input gets a clear error": every route, whatever it is sent and by whom, answers
// a 4xx with {error} (or succeeds), never a 5xx. This sweep finds each route as the app registers it,
// so a route added later is covered without anyone remembering to list it.

interface Route {
  method: string;
  url: string;
}

// Issue 10 item 8: text PostgreSQL cannot store (NUL), text that is not Unicode (lone surrogates, which
// drivers silently turn into U+FFFD) and text far over every contract's limit. The 100 KB strings go
// only into the valid inputs below, where they reach past the contract's shape (and keep the sweep fast).
const HOSTILE_STRINGS = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy'];
const LONG_STRING = 'x'.repeat(100_000);
/** The same in a URL: NUL, the UTF-8 bytes of a lone surrogate (not valid UTF-8). */
const HOSTILE_URL_TEXT = ['%00', 'a%00b', '%ED%A0%80', 'x%ED%B0%80y'];

const HOSTILE_PARAMS = [
  'x',
  '-1',
  '0',
  '99999999999999999999999999',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%ED%A0%80',
  'a'.repeat(300),
  '1e9999',
  'null',
];

const HOSTILE_BODIES: unknown[] = [
  {},
  [],
  'just a string',
  123,
  null,
  { id: { $gt: '' }, userId: ['a'], status: 42, name: 'x'.repeat(100_000) },
  { datetime: 'not a date', week_start: '2025-02-30', student_id: 7, password: {}, jobSelection: -1, answers: 'all' },
  { '\u0000': 1, student_id: '\u0000', password: 'a\u0000b', name: '\u0000', title: 'a\u0000b', reason: '\u0000', q: '\u0000' },
  { '\ud800': 1, student_id: '\ud800', password: 'x\udfffy', name: '\ud800', title: 'x\udfffy', reason: '\ud800', q: '\ud800' },
];

const HOSTILE_QUERIES = [
  '?id=%00&type=__proto__',
  '?week_start=2025-13-45&sportId=abc&page=-5&pageSize=99999',
  ...['%00', '%ED%A0%80'].map((text) => `?q=${text}&search=${text}&date=${text}&type=discord&id=${text}&${text}=1`),
];

/**
 * Inputs each route accepts, so hostile text reaches past the contract's shape into the service and
 * the database: every string in them is replaced, one at a time, by each hostile string. `as` is the
 * identity allowed to call the route. A route that takes text belongs here.
 */
interface ValidInput {
  as: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}
const VALID_INPUTS: Record<string, ValidInput> = {
  'POST /timetable/api/login': { as: 'anonymous', body: { student_id: '68960001', password: 'sweep-pass' } },
  'POST /sports/api/login': { as: 'anonymous', body: { student_id: '90000004', password: 'sweep-pass' } },
  'POST /bureau/worker/register-user': { as: 'LINE user', body: { userId: 'Usweep', displayName: 'Sweep' } },
  'POST /bureau/worker/create-appointment': {
    as: 'LINE user',
    body: { userId: 'Usweep', datetime: '2030-01-07T03:00:00.000Z', topic: 'A topic' },
  },
  'POST /bureau/worker/mock/id-token': { as: 'anonymous', body: { userId: 'Usweep', displayName: 'Sweep' } },
  'GET /bureau/worker/staff/appointments': { as: 'bureau staff', query: { date: '2030-01-07' } },
  'POST /bureau/worker/staff/appointments/:id/cancel': { as: 'bureau staff', params: { id: '1' }, body: { reason: 'A reason' } },
  'GET /bureau/worker/calendar/:file': { as: 'anonymous', params: { file: 'abcdefghijklmnopqrstuvwxyz012345.ics' } },
  'GET /timetable/api/feed/:file': { as: 'anonymous', params: { file: 'abcdefghijklmnopqrstuvwxyz012345.ics' } },
  'GET /bureau/api/check-status': { as: 'anonymous', query: { type: 'discord', id: '123456789012345678' } },
  'GET /bureau/api/records': { as: 'bureau staff', query: { q: 'abc', after: '1' } },
  'GET /bureau/api/user-details': { as: 'bureau staff', query: { discordId: '123456789012345678', robloxId: '1234' } },
  'GET /bureau/api/records/:discordId/infractions': { as: 'bureau staff', params: { discordId: '123456789012345678' } },
  'PUT /bureau/api/bot/pairs/:discordId': { as: 'bot key', params: { discordId: '123456789012345678' }, body: { robloxId: '1234' } },
  'PUT /bureau/api/bot/bans/:robloxId': {
    as: 'bot key',
    params: { robloxId: '1234' },
    body: { moderator: 'Mod', reason: 'A reason', username: 'someone' },
  },
  'POST /bureau/api/bot/infractions': {
    as: 'bot key',
    body: { platform: 'Discord', subjectId: '123456789012345678', moderator: 'Mod', reason: 'A reason', note: 'A note' },
  },
  // Issue 14 item 4: the versioned bot API, by 001 §3's field names.
  'PUT /bureau/api/bot/v1/bans/:robloxId': {
    as: 'bot key',
    params: { robloxId: '1234' },
    body: { Moderator: 'Mod', Reason: 'A reason', Username: 'someone' },
  },
  'POST /bureau/api/bot/v1/infractions': {
    as: 'bot key',
    body: { platform: 'Discord', subjectId: '123456789012345678', Moderator: 'Mod', Reason: 'A reason', Note: 'A note' },
  },
  'GET /bureau/api/history': { as: 'bureau staff', query: { discordId: '123456789012345678', robloxId: '1234' } },
  // Issue 14 items 2 and 3: cases and the lookup of anyone.
  'GET /bureau/api/lookup': { as: 'bureau staff', query: { type: 'roblox', id: '1234' } },
  'POST /bureau/api/cases': {
    as: 'bureau staff',
    body: { platform: 'Roblox', subjectId: '1234', type: 'ban', moderator: 'Mod', reason: 'A reason', note: 'A note' },
  },
  'PATCH /bureau/api/cases/:number': { as: 'bureau staff', params: { number: '1' }, body: { reason: 'Amended', moderator: 'Mod' } },
  'POST /bureau/api/cases/:number/notes': { as: 'bureau staff', params: { number: '1' }, body: { body: 'A note' } },
  'POST /bureau/api/bot/v1/cases': {
    as: 'bot key',
    body: { platform: 'Discord', subjectId: '123456789012345678', type: 'warn', Moderator: 'Mod', Reason: 'A reason', Note: 'A note' },
  },
  'PATCH /bureau/api/bot/v1/cases/:number': { as: 'bot key', params: { number: '1' }, body: { Reason: 'Amended' } },
  'POST /bureau/api/bot/v1/cases/:number/notes': { as: 'bot key', params: { number: '1' }, body: { body: 'A note' } },
  // Issue 14 item 1: the Roblox OAuth callback's query.
  'GET /bureau/verify/roblox/callback': { as: 'bureau staff', query: { code: 'a-code', state: 'a-state' } },
  'POST /recruitment/api/submit': { as: 'recruitment admin', body: { jobSelection: 1, answers: { '1': 'An answer' } } },
  'GET /recruitment/api/applications': { as: 'recruitment admin', query: { search: 'abc', status: 'Pending' } },
  'GET /recruitment/api/applications/export.csv': { as: 'recruitment admin', query: { search: 'abc' } },
  'GET /recruitment/api/uploads/:id/:name': { as: 'recruitment admin', params: { id: '1', name: 'cv.pdf' } },
  'POST /recruitment/api/applications/:id/update': { as: 'recruitment admin', params: { id: '1' }, body: { feedback: 'Some feedback' } },
  'POST /recruitment/api/applications/:id/notes': { as: 'recruitment admin', params: { id: '1' }, body: { body: 'A note' } },
  'POST /recruitment/api/settings/update': { as: 'recruitment admin', body: { key: 'globalProcessAnnouncement', value: 'News' } },
  'POST /recruitment/api/stages/create': { as: 'recruitment admin', body: { name: 'A stage', color: '#123456' } },
  'POST /recruitment/api/roles/create': { as: 'recruitment admin', body: { name: 'A role' } },
  'POST /recruitment/api/questions/create': {
    as: 'recruitment admin',
    body: { text: 'A question', type: 'multiple-choice', options: ['a', 'b'] },
  },
  'GET /timetable/api/schedule': { as: 'student (bearer)', query: { week_start: '2025-01-06' } },
  'POST /timetable/api/schedule/override': {
    as: 'student (bearer)',
    body: { schedule_item_id: 1, week_start_date: '2025-01-06', status: 'Cancelled', notes: 'A note' },
  },
  'POST /timetable/api/homework': {
    as: 'student (bearer)',
    body: { title: 'A title', details: 'Details', subject_code: 'MATH', due_date: '2030-01-07', due_time: '10:00', homework_id: 'HW-1' },
  },
  'PUT /timetable/api/homework/:id': {
    as: 'student (bearer)',
    params: { id: '1' },
    body: { title: 'A title', details: 'Details', subject_code: 'MATH', due_date: '2030-01-07', due_time: '10:00', status: 'Pending' },
  },
  'POST /timetable/api/schedule/import': {
    as: 'student (bearer)',
    body: { csv: 'day,start,end,subject_code,subject_name,room\nMonday,08:00,09:00,MATH,Maths,R1' },
  },
};

/** One copy of `value` per string inside it, that string replaced by `text`. */
function withEachStringReplaced(value: unknown, text: string): unknown[] {
  if (typeof value === 'string') return [text];
  if (Array.isArray(value))
    return value.flatMap((item, i) => withEachStringReplaced(item, text).map((v) => value.map((old, j) => (j === i ? v : old))));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => withEachStringReplaced(item, text).map((v) => ({ ...value, [key]: v })));
  }
  return [];
}

/** Every hostile variant of a route's valid input (one string at a time), with the valid input first. */
function hostileVariants(route: Route, input: ValidInput): Array<{ url: string; payload?: string; contentType?: string }> {
  const toUrl = (params: Record<string, string>, query: Record<string, string>) =>
    route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? '1') +
    (Object.keys(query).length ? `?${new URLSearchParams(query)}` : '');
  const params = input.params ?? {};
  const query = input.query ?? {};
  const variants: Array<{ url: string; payload?: string; contentType?: string }> = [];
  const json = (body: unknown) => ({ payload: JSON.stringify(body), contentType: 'application/json' });
  variants.push({ url: toUrl(params, query), ...(input.body ? json(input.body) : {}) });
  for (const [text, urlText] of [
    ...HOSTILE_STRINGS.map((s, i) => [s, HOSTILE_URL_TEXT[i]!] as const),
    [LONG_STRING, LONG_STRING] as const,
  ]) {
    for (const name of Object.keys(params))
      variants.push({ url: toUrl({ ...params, [name]: urlText }, query), ...(input.body ? json(input.body) : {}) });
    // URLSearchParams percent-encodes; a lone surrogate cannot be encoded, so the raw bytes go in by hand.
    for (const name of Object.keys(query)) {
      variants.push({
        url: toUrl(params, { ...query, [name]: 'HOSTILE' }).replace('HOSTILE', urlText),
        ...(input.body ? json(input.body) : {}),
      });
    }
    if (!input.body) continue;
    for (const body of withEachStringReplaced(input.body, text)) variants.push({ url: toUrl(params, query), ...json(body) });
    // The sign-in forms may also arrive form-encoded.
    if (Object.values(input.body).every((v) => typeof v === 'string')) {
      for (const name of Object.keys(input.body)) {
        const form = Object.entries(input.body)
          .map(([k, v]) => `${k}=${k === name ? urlText : encodeURIComponent(v as string)}`)
          .join('&');
        variants.push({ url: toUrl(params, query), payload: form, contentType: 'application/x-www-form-urlencoded' });
      }
    }
  }
  return variants;
}

/** Streams (server-sent events) stay open by design; they are tested for their own behaviour elsewhere. */
const isStream = (url: string) => url.endsWith('/events');

function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, value);
}

// On both dialects: PostgreSQL refuses text SQLite stores (issue 10 item 8).
describe.each(DIALECTS)('every route refuses hostile input with a 4xx, never a 5xx, on %s', (dialect) => {
  let t: TestApp;
  const routes: Route[] = [];
  let identities: Array<{ name: string; headers: Record<string, string> }>;

  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000', RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000' },
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || route.url.startsWith('/assets/') || isStream(route.url)) continue;
          routes.push({ method, url: route.url });
        }
      },
    });
    // The grants that let staff, an admin and the owner past the gates, so the hostile inputs reach
    // the routes' own parsing (without them every such call stopped at a 403).
    const person = (key: string) => demoPeople.find((p) => p.key === key)!.discord;
    await t.ctx.grants.grant(person('staff').id, 'bureau-staff');
    await t.ctx.grants.grant(person('admin').id, 'recruitment-admin');
    // Recruitment admits only members in the registry.
    await t.ctx.registry.upsertPair(person('admin').id, '424242');
    await t.ctx.grants.grant(person('member').id, 'owner');
    const staff = await t.signInAs('staff');
    const admin = await t.signInAs('admin');
    const owner = await t.signInAs('member');
    // The login rows of VALID_INPUTS send these ids and password.
    const student = await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '68960001', password: 'sweep-pass' }));
    const sportsLead = await t.ctx.schoolAccounts.create(
      makeSchoolAccount({ studentId: '90000004', password: 'sweep-pass', role: 'sports_lead' }),
    );
    const { token: school } = await t.signInSchool(student.studentId);
    const { token: lead } = await t.signInSchool(sportsLead.studentId);
    const { key: botKey } = await new ApiKeyStore(t.ctx.database.db).create('sweep', 'bureau-bot');
    identities = [
      { name: 'anonymous', headers: {} },
      { name: 'bureau staff', headers: { cookie: staff } },
      { name: 'recruitment admin', headers: { cookie: admin } },
      { name: 'owner', headers: { cookie: owner } },
      { name: 'student (bearer)', headers: { authorization: `Bearer ${school}` } },
      { name: 'sports lead (bearer)', headers: { authorization: `Bearer ${lead}` } },
      { name: 'bot key', headers: { authorization: `Bearer ${botKey}` } },
      { name: 'forged bearer', headers: { authorization: 'Bearer forged-token' } },
    ];
    // A LINE sign-in through the LIFF mock's own token endpoint (001 §7 calls carry the id token).
    const minted = await t.request({
      method: 'POST',
      url: '/bureau/worker/mock/id-token',
      payload: { userId: 'Usweep', displayName: 'Sweep' },
    });
    expect(minted.statusCode, minted.body).toBe(200);
    identities.push({ name: 'LINE user', headers: { authorization: `Bearer ${(minted.json() as { idToken: string }).idToken}` } });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('finds the routes of every tool', () => {
    const urls = routes.map((r) => r.url);
    for (const base of ['/recruitment/api/', '/bureau/api/', '/bureau/worker/', '/timetable/api/', '/sports/api/', '/auth/']) {
      expect(
        urls.some((u) => u.startsWith(base)),
        base,
      ).toBe(true);
    }
  });

  it('knows a valid input only for routes and identities that exist', () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(VALID_INPUTS).filter((key) => !keys.has(key))).toEqual([]);
    const names = new Set(identities.map((i) => i.name));
    expect(Object.values(VALID_INPUTS).filter((input) => !names.has(input.as))).toEqual([]);
  });

  it('lets its staff, admin and owner past the gates, so their hostile inputs reach the routes', async () => {
    const headersOf = (name: string) => identities.find((i) => i.name === name)!.headers;
    for (const [name, url] of [
      ['bureau staff', '/bureau/api/verify/claims'],
      ['recruitment admin', '/recruitment/api/applications'],
      ['owner', '/admin/api/keys'],
    ] as const)
      expect((await t.request({ url, headers: headersOf(name) })).statusCode, `${name} ${url}`).toBe(200);
  });

  it('answers no 5xx, and every error as {error}', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const identity of identities) {
        const attempts: Array<{ url: string; payload?: unknown; contentType?: string }> = [];
        const valid = VALID_INPUTS[`${route.method} ${route.url}`];
        if (valid?.as === identity.name) attempts.push(...hostileVariants(route, valid));
        for (const param of HOSTILE_PARAMS) attempts.push({ url: fill(route.url, param) });
        for (const query of HOSTILE_QUERIES) attempts.push({ url: fill(route.url, '1') + query });
        if (route.method !== 'GET') {
          for (const body of HOSTILE_BODIES)
            attempts.push({ url: fill(route.url, '1'), payload: JSON.stringify(body), contentType: 'application/json' });
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
            headers: {
              ...identity.headers,
              ...(attempt.contentType ? { 'content-type': attempt.contentType } : {}),
              'x-filename': '..%2F..%2Fevil.sh',
            },
            ...(attempt.payload !== undefined ? { payload: attempt.payload as string } : {}),
          });
          const where = `${route.method} ${attempt.url.slice(0, 120)} as ${identity.name}`;
          if (response.statusCode >= 500) failures.push(`${where} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
          else if (response.statusCode >= 400 && String(response.headers['content-type'] ?? '').includes('application/json')) {
            const body = response.json() as { error?: unknown; code?: unknown };
            if (typeof body.error !== 'string' || body.error.length === 0)
              failures.push(`${where} -> ${response.statusCode} without {error}: ${response.body.slice(0, 200)}`);
            // Decision 0017: every failure also names its stable code, which the web branches on.
            if (typeof body.code !== 'string' || body.code.length === 0)
              failures.push(`${where} -> ${response.statusCode} without {code}: ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
