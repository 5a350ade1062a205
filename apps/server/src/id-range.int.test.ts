import { makeSchoolAccount } from '@guildhall/testkit/school-demo';
import { demoPeople } from '@guildhall/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStore } from './core/auth/api-keys';
import { DIALECTS } from './core/db/test-databases';
import { buildTestApp, type TestApp } from './test-support/build-test-app';
import { recordRoutes } from './test-support/record-routes';

// Every number a request carries that reaches SQL is held to what its column can compare. A row id is
// a PostgreSQL `integer` (serial): PostgreSQL refused a larger one in the query ("out of range for
// type integer", SQLSTATE 22003) and the server answered 500, where SQLite answered 404 (found first in
// recruitment, recruitment-admin-ids-and-feedback.int.test.ts; the bound is MAX_ID in contracts/core.ts).
// A `bigint` column's number is read into a JS number: past 2^53 it is another number than the one
// sent. Both answer a 4xx with a sentence, on both dialects, never a 5xx.
//
// As route-sweep.int.test.ts, the routes are found as the app registers them: a route with a path
// parameter must be listed below, as a number (idCalls) or as text (TEXT_PARAMS), so a route added later
// is not forgotten. Numbers in bodies and query strings are listed by hand in idCalls.

/** The largest PostgreSQL `integer`, the type of every table's own id (serial). */
const LARGEST_ID = 2_147_483_647;
/** One past it. */
const TOO_BIG = '2147483648';
/** 2^53 + 1: no JS number holds it (JSON.parse and Number() read 9007199254740992). */
const UNSAFE = '9007199254740993';
const BIG_VALUES = [TOO_BIG, UNSAFE];

/** A number in a request: the largest it may be (`max`); in a body, a JSON number unless `text`. */
class Slot {
  constructor(
    readonly max: number,
    readonly text = false,
  ) {}
}
/** A row id (PostgreSQL integer). */
const id = (options: { text?: boolean } = {}) => new Slot(LARGEST_ID, options.text);
/** Another number with its own bound (a page, a limit, an epoch-like bigint id). */
const upTo = (max: number) => new Slot(max);

type Identity =
  'anonymous' | 'bureau staff' | 'recruitment admin' | 'owner' | 'student (bearer)' | 'sports lead (bearer)' | 'bot key' | 'LINE user';

/** A call that reaches the service when its numbers are in range: `as` may make it, the rest is valid. */
interface IdCall {
  as: Identity;
  params?: Record<string, string | Slot>;
  query?: Record<string, string | Slot>;
  body?: Record<string, unknown>;
}

const LINE_USER = 'Uidrange';
const DISCORD = '123456789012345678';
const SPORT = { name: 'Chess', description: '', total_spots: 5, eligibility_level: 'open' };
const HOMEWORK = { title: 'A title', details: 'Details', subject_code: 'MATH', due_date: '2030-01-07', due_time: '10:00' };
/** Infraction ids are epoch-like (bigint): up to the last date a JS Date holds in a body, 2^53 - 1 in a path. */
const EPOCH_MS_MAX = 8_640_000_000_000_000;

/** The calls; `slot` is a bookable appointment start, so a booking call gets as far as its reschedule_id. */
const idCalls = (slot: string): Record<string, IdCall[]> => ({
  // Bureau: cases (staff and bot API v1), verification claims, infractions (bigint).
  'PATCH /bureau/api/cases/:number': [{ as: 'bureau staff', params: { number: id() }, body: { reason: 'Amended' } }],
  'POST /bureau/api/cases/:number/expire': [{ as: 'bureau staff', params: { number: id() } }],
  'POST /bureau/api/cases/:number/notes': [{ as: 'bureau staff', params: { number: id() }, body: { body: 'A note' } }],
  'PATCH /bureau/api/bot/v1/cases/:number': [{ as: 'bot key', params: { number: id() }, body: { Reason: 'Amended' } }],
  'POST /bureau/api/bot/v1/cases/:number/expire': [{ as: 'bot key', params: { number: id() } }],
  'POST /bureau/api/bot/v1/cases/:number/notes': [{ as: 'bot key', params: { number: id() }, body: { body: 'A note' } }],
  'POST /bureau/api/verify/claims/:id/approve': [{ as: 'bureau staff', params: { id: id() } }],
  'POST /bureau/api/verify/claims/:id/refuse': [{ as: 'bureau staff', params: { id: id() } }],
  'DELETE /bureau/api/bot/infractions/:platform/:subjectId/:id': [
    { as: 'bot key', params: { platform: 'Discord', subjectId: DISCORD, id: upTo(Number.MAX_SAFE_INTEGER) } },
  ],
  'DELETE /bureau/api/bot/v1/infractions/:platform/:subjectId/:id': [
    { as: 'bot key', params: { platform: 'Discord', subjectId: DISCORD, id: upTo(Number.MAX_SAFE_INTEGER) } },
  ],
  'POST /bureau/api/bot/infractions': [
    { as: 'bot key', body: { platform: 'Discord', subjectId: DISCORD, moderator: 'Mod', reason: 'A reason', id: upTo(EPOCH_MS_MAX) } },
  ],
  'POST /bureau/api/bot/v1/infractions': [
    { as: 'bot key', body: { platform: 'Discord', subjectId: DISCORD, Moderator: 'Mod', Reason: 'A reason', id: upTo(EPOCH_MS_MAX) } },
  ],
  'GET /bureau/api/records': [{ as: 'bureau staff', query: { limit: upTo(200) } }],
  // Appointments: staff, and the LINE mini-app (its ids come as numbers or as text).
  'POST /bureau/worker/staff/appointments/:id/cancel': [{ as: 'bureau staff', params: { id: id() }, body: { reason: 'A reason' } }],
  'POST /bureau/worker/staff/appointments/:id/attendance': [{ as: 'bureau staff', params: { id: id() }, body: { attendance: 'attended' } }],
  'POST /bureau/worker/create-appointment': [
    { as: 'LINE user', body: { userId: LINE_USER, datetime: slot, topic: 'A topic', reschedule_id: id() } },
    { as: 'LINE user', body: { userId: LINE_USER, datetime: slot, topic: 'A topic', reschedule_id: id({ text: true }) } },
  ],
  'POST /bureau/worker/cancel-appointment': [
    { as: 'LINE user', body: { userId: LINE_USER, id: id() } },
    { as: 'LINE user', body: { userId: LINE_USER, id: id({ text: true }) } },
  ],
  'GET /bureau/worker/availability': [{ as: 'anonymous', query: { days: upTo(90) } }],
  // Sports.
  'POST /sports/api/register-sport': [{ as: 'student (bearer)', body: { sport_id: id() } }],
  'GET /sports/api/admin/sport-registrations': [{ as: 'sports lead (bearer)', query: { sportId: id() } }],
  'GET /sports/api/admin/sport-registrations.csv': [{ as: 'sports lead (bearer)', query: { sportId: id() } }],
  'GET /sports/api/admin/sport-registrations.pdf': [{ as: 'sports lead (bearer)', query: { sportId: id() } }],
  'GET /sports/api/admin/registration-counts': [{ as: 'sports lead (bearer)', query: { sportId: id() } }],
  'POST /sports/api/admin/update-registration-status': [
    { as: 'sports lead (bearer)', body: { registration_id: id(), status: 'selected' } },
  ],
  'POST /sports/api/admin/update-registration-statuses': [
    { as: 'sports lead (bearer)', body: { sport_id: id(), registration_ids: [1], status: 'selected' } },
    { as: 'sports lead (bearer)', body: { sport_id: 1, registration_ids: [id()], status: 'selected' } },
  ],
  'PUT /sports/api/admin/sports/:id': [{ as: 'sports lead (bearer)', params: { id: id() }, body: SPORT }],
  'POST /sports/api/admin/sports/:id/archive': [{ as: 'sports lead (bearer)', params: { id: id() }, body: { archived: true } }],
  // The owner console's audit pages (OFFSET).
  'GET /admin/api/audit': [{ as: 'owner', query: { page: upTo(100_000) } }],
  // Recruitment (recruitment-admin-ids-and-feedback.int.test.ts has its bodies); here for the path ids.
  'GET /recruitment/api/applications': [{ as: 'recruitment admin', query: { page: upTo(1_000_000) } }],
  'POST /recruitment/api/applications/:id/update': [{ as: 'recruitment admin', params: { id: id() }, body: { feedback: 'Fine.' } }],
  'POST /recruitment/api/applications/:id/notes': [{ as: 'recruitment admin', params: { id: id() }, body: { body: 'A note' } }],
  'POST /recruitment/api/applications/:id/review': [{ as: 'recruitment admin', params: { id: id() }, body: { vote: 'yes' } }],
  'GET /recruitment/api/applications/:id/reviews': [{ as: 'recruitment admin', params: { id: id() } }],
  'GET /recruitment/api/applications/:id/avatar': [{ as: 'recruitment admin', params: { id: id() } }],
  'POST /recruitment/api/criteria/:id/delete': [{ as: 'recruitment admin', params: { id: id() } }],
  'POST /recruitment/api/stages/:id/update': [{ as: 'recruitment admin', params: { id: id() }, body: { name: 'A', color: '#000000' } }],
  'POST /recruitment/api/stages/:id/delete': [{ as: 'recruitment admin', params: { id: id() } }],
  'POST /recruitment/api/stages/:id/restore': [{ as: 'recruitment admin', params: { id: id() } }],
  'POST /recruitment/api/roles/:id/update': [{ as: 'recruitment admin', params: { id: id() }, body: { name: 'A role' } }],
  'POST /recruitment/api/roles/:id/delete': [{ as: 'recruitment admin', params: { id: id() } }],
  'POST /recruitment/api/roles/:id/restore': [{ as: 'recruitment admin', params: { id: id() } }],
  'POST /recruitment/api/questions/:id/update': [{ as: 'recruitment admin', params: { id: id() }, body: { text: 'Why?', type: 'text' } }],
  'POST /recruitment/api/questions/:id/delete': [{ as: 'recruitment admin', params: { id: id() } }],
  'POST /recruitment/api/questions/:id/restore': [{ as: 'recruitment admin', params: { id: id() } }],
  // Timetable (its contract holds its own ids to the same bound).
  'PUT /timetable/api/homework/:id': [{ as: 'student (bearer)', params: { id: id() }, body: { ...HOMEWORK, status: 'Pending' } }],
  'DELETE /timetable/api/homework/:id': [{ as: 'student (bearer)', params: { id: id() } }],
  'POST /timetable/api/homework/:id/done': [{ as: 'student (bearer)', params: { id: id() } }],
  'POST /timetable/api/schedule/override': [
    { as: 'student (bearer)', body: { schedule_item_id: id(), week_start_date: '2030-01-07', status: 'Cancelled', notes: '' } },
  ],
  'POST /timetable/api/homework/repeat': [{ as: 'student (bearer)', body: { schedule_item_id: id(), title: 'A title', weeks: 2 } }],
});
const ID_ROUTES = Object.keys(idCalls(''));

/** Routes whose path parameters are text, not numbers SQL compares (Discord and Roblox ids are text columns). */
const TEXT_PARAMS = new Set([
  'GET /bureau/api/records/:discordId/infractions',
  'GET /bureau/api/records/:discordId/documents/:type',
  'PUT /bureau/api/bot/pairs/:discordId',
  'DELETE /bureau/api/bot/pairs/:discordId',
  'PUT /bureau/api/bot/bans/:robloxId',
  'DELETE /bureau/api/bot/bans/:robloxId',
  'PUT /bureau/api/bot/v1/pairs/:discordId',
  'DELETE /bureau/api/bot/v1/pairs/:discordId',
  'PUT /bureau/api/bot/v1/bans/:robloxId',
  'DELETE /bureau/api/bot/v1/bans/:robloxId',
  'GET /bureau/worker/calendar/:file',
  'GET /timetable/api/feed/:file',
  'GET /recruitment/api/uploads/:id/:name',
  'DELETE /admin/api/grants/:discordId/:role',
  'DELETE /admin/api/keys/:id',
]);

/** A request as sent: its URL and its JSON body, as text. */
interface Attempt {
  url: string;
  payload?: string;
}

/** The numbers of a call, each with its path inside the call. */
function slotsOf(value: unknown, path: string[] = []): Array<{ path: string[]; slot: Slot }> {
  if (value instanceof Slot) return [{ path, slot: value }];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => slotsOf(item, [...path, key]));
  return [];
}

/** The call with one number set to `digits` (written as is, so 2^53 + 1 reaches the server unrounded) and the others to 1. */
function attemptFor(route: string, call: IdCall, target: string[], digits: string): Attempt {
  const pattern = route.split(' ')[1]!;
  const BIG = '\u0001BIG\u0001';
  const place = (value: unknown, path: string[]): unknown => {
    if (value instanceof Slot) {
      const isTarget = path.join('.') === target.join('.');
      const inBody = path[0] === 'body';
      if (!inBody) return isTarget ? digits : '1';
      if (!isTarget) return value.text ? '1' : 1;
      return value.text ? digits : BIG;
    }
    if (Array.isArray(value)) return value.map((item, i) => place(item, [...path, String(i)]));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, place(item, [...path, key])]));
    return value;
  };
  const filled = place(call, []) as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  const url =
    pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(filled.params?.[name] ?? '1')) +
    (filled.query ? `?${new URLSearchParams(filled.query)}` : '');
  return {
    url,
    ...(filled.body !== undefined ? { payload: JSON.stringify(filled.body).replace(JSON.stringify(BIG), digits) } : {}),
  };
}

describe.each(DIALECTS)('every number a request carries fits its column, or is refused with a 4xx, on %s', (dialect) => {
  let t: TestApp;
  let slot: string;
  const routes: string[] = [];
  const headers = {} as Record<Identity, Record<string, string>>;

  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      env: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000', RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000' },
      onRoute: recordRoutes(routes),
    });
    const person = (key: string) => demoPeople.find((p) => p.key === key)!.discord;
    const owner = person('member');
    await t.ctx.grants.grant(person('staff').id, 'bureau-staff');
    await t.ctx.grants.grant(person('admin').id, 'recruitment-admin');
    // Recruitment admits only members in the registry.
    await t.ctx.registry.upsertPair(person('admin').id, '424242');
    await t.ctx.grants.grant(owner.id, 'owner');
    const student = await t.ctx.schoolAccounts.create(makeSchoolAccount({ studentId: '68960001', password: 'id-range-pass' }));
    const lead = await t.ctx.schoolAccounts.create(
      makeSchoolAccount({ studentId: '90000004', password: 'id-range-pass', role: 'sports_lead' }),
    );
    const { key: botKey } = await new ApiKeyStore(t.ctx.database.db).create('id-range', 'bureau-bot');
    const minted = await t.request({
      method: 'POST',
      url: '/bureau/worker/mock/id-token',
      payload: { userId: LINE_USER, displayName: 'Id Range' },
    });
    expect(minted.statusCode, minted.body).toBe(200);
    Object.assign(headers, {
      anonymous: {},
      'bureau staff': { cookie: await t.signInAs('staff') },
      'recruitment admin': { cookie: await t.signInAs('admin') },
      owner: { cookie: await t.signInDiscord(owner) },
      'student (bearer)': { authorization: `Bearer ${(await t.signInSchool(student.studentId)).token}` },
      'sports lead (bearer)': { authorization: `Bearer ${(await t.signInSchool(lead.studentId)).token}` },
      'bot key': { authorization: `Bearer ${botKey}` },
      'LINE user': { authorization: `Bearer ${(minted.json() as { idToken: string }).idToken}` },
    } satisfies Record<Identity, Record<string, string>>);
    // The mini-app's user exists, so its calls reach the bookings.
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/bureau/worker/register-user',
          headers: headers['LINE user'],
          payload: { userId: LINE_USER, displayName: 'Id Range' },
        })
      ).statusCode,
    ).toBe(200);
    const availability = await t.request({ url: '/bureau/worker/availability' });
    slot = (availability.json() as { next: string | null }).next!;
    expect(slot, availability.body).toEqual(expect.any(String));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const send = (route: string, as: Identity, attempt: Attempt) =>
    t.request({
      method: route.split(' ')[0] as 'GET',
      url: attempt.url,
      headers: { ...headers[as], ...(attempt.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
    });

  it('lists every route with a path parameter, and only routes that exist', () => {
    const withParams = routes.filter((r) => r.includes('/:'));
    expect(withParams.filter((r) => !ID_ROUTES.includes(r) && !TEXT_PARAMS.has(r))).toEqual([]);
    expect([...ID_ROUTES, ...TEXT_PARAMS].filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('reaches past the contract with the largest number each one takes (so the refusals below are of the number)', async () => {
    const failures: string[] = [];
    for (const [route, calls] of Object.entries(idCalls(slot))) {
      for (const call of calls) {
        for (const { path, slot } of slotsOf(call)) {
          const attempt = attemptFor(route, call, path, String(slot.max));
          const res = await send(route, call.as, attempt);
          // Refused for its input or its caller, the call would prove nothing about the number.
          const code = res.headers['content-type']?.toString().includes('json') ? (res.json() as { code?: string }).code : undefined;
          if (res.statusCode >= 500 || res.statusCode === 401 || res.statusCode === 403 || code === 'invalid_input')
            failures.push(`${route} ${path.join('.')}=${slot.max} as ${call.as} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers a number past its column with a 4xx and a sentence, never a 5xx', async () => {
    const failures: string[] = [];
    for (const [route, calls] of Object.entries(idCalls(slot))) {
      for (const call of calls) {
        for (const { path, slot } of slotsOf(call)) {
          for (const digits of BIG_VALUES) {
            const attempt = attemptFor(route, call, path, digits);
            const res = await send(route, call.as, attempt);
            const where = `${route} ${path.join('.')}=${digits}${slot.text ? ' (text)' : ''} as ${call.as} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
            if (res.statusCode >= 500) failures.push(where);
            else if (Number(digits) > slot.max) {
              const body = res.statusCode >= 400 && res.statusCode < 500 ? (res.json() as { code?: unknown; error?: unknown }) : {};
              if (typeof body.code !== 'string' || typeof body.error !== 'string' || !/\w/.test(body.error)) failures.push(where);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers no 5xx to a number past an id column in any path parameter, whoever calls', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.includes('/:'))) {
      const [method, pattern] = route.split(' ') as [string, string];
      for (const digits of BIG_VALUES) {
        const url = pattern.replace(/:[A-Za-z_]+/g, digits);
        for (const as of Object.keys(headers) as Identity[]) {
          const res = await send(route, as, { url, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }) });
          if (res.statusCode >= 500) failures.push(`${route} ${url} as ${as} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
