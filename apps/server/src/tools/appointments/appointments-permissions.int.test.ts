import { TZDate } from '@date-fns/tz';
import { makeAppointment, makeBookingSettings, makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import type { TestApp } from '@server/test-support/build-test-app';
import type { AppointmentsTables } from './appointments-tables';
import { buildAppointmentsStaffTestApp } from './appointments-test-app';

/**
 * The appointments tool, every endpoint x every kind of caller (issue 15). 001 §6: the mini-app's
 * caller is a LINE user (the ID token as bearer, ARCHITECTURE.md §4); staff pages need a Discord
 * session with the bureau-staff grant. 401 not signed in (or signed in the other way), 403 signed in
 * but not allowed (a member without the grant; a LINE token for another user than the body names).
 */
type Who = 'anonymous' | 'member' | 'staff' | 'line' | 'otherLine';
type Expect = Record<Who, number>;
const publicOk: Expect = { anonymous: 200, member: 200, staff: 200, line: 200, otherLine: 200 };
const lineOnly: Expect = { anonymous: 401, member: 401, staff: 401, line: 200, otherLine: 403 };
const staffOnly: Expect = { anonymous: 401, member: 403, staff: 200, line: 401, otherLine: 401 };

const lineUser = makeLineUser({ displayName: 'Permitted' });
const otherUser = makeLineUser({ displayName: 'Other' });
let slotCounter = 0;
/** A fresh weekday slot two weeks or more ahead, 09:00-16:30 Bangkok. */
function freshSlot(): string {
  const n = slotCounter++;
  const today = new TZDate(Date.now(), 'Asia/Bangkok');
  const toMonday = ((8 - today.getDay()) % 7 || 7) + 14 + Math.floor(n / 16) * 7;
  return new Date(
    new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + toMonday,
      9 + Math.floor((n % 16) / 2),
      (n % 2) * 30,
      0,
      0,
      'Asia/Bangkok',
    ).getTime(),
  ).toISOString();
}

interface Ctx {
  t: TestApp;
  cookies: Partial<Record<Who, string>>;
  tokens: Partial<Record<Who, string>>;
}
type Call = (c: Ctx, who: Who) => Promise<{ statusCode: number }>;
interface Case {
  name: string;
  expect: Expect;
  call: Call;
}

const send = (c: Ctx, who: Who, method: string, url: string, payload?: object) =>
  c.t.request({ method: method as 'GET', url, payload, cookie: c.cookies[who], token: c.tokens[who] });

/** Anything that acts on the LINE user's own booking needs one made for them first. */
async function lineBooking(c: Ctx): Promise<number> {
  const [row] = await toolDb<AppointmentsTables>(c.t.ctx.database)
    .insertInto('appointments')
    .values(makeAppointment(lineUser.userId, Date.parse(freshSlot())))
    .returning('id')
    .execute();
  return row!.id;
}

const SETTINGS = makeBookingSettings({ maxActivePerUser: 50 });

const cases: Case[] = [
  { name: 'GET config', expect: publicOk, call: (c, who) => send(c, who, 'GET', '/bureau/worker/config') },
  { name: 'GET availability', expect: publicOk, call: (c, who) => send(c, who, 'GET', '/bureau/worker/availability?days=7') },
  {
    name: 'POST register-user',
    expect: lineOnly,
    call: (c, who) => send(c, who, 'POST', '/bureau/worker/register-user', { userId: lineUser.userId, displayName: 'Permitted' }),
  },
  {
    name: 'POST create-appointment',
    expect: lineOnly,
    call: (c, who) =>
      send(c, who, 'POST', '/bureau/worker/create-appointment', {
        userId: lineUser.userId,
        datetime: freshSlot(),
        topic: null,
        reschedule_id: null,
      }),
  },
  {
    name: 'GET my-appointments',
    expect: lineOnly,
    call: (c, who) => send(c, who, 'GET', `/bureau/worker/my-appointments?userId=${lineUser.userId}`),
  },
  {
    name: 'POST cancel-appointment (own booking)',
    expect: lineOnly,
    call: async (c, who) =>
      send(c, who, 'POST', '/bureau/worker/cancel-appointment', { userId: lineUser.userId, id: await lineBooking(c) }),
  },
  {
    // Signed in as the LINE user it gets past the door: 409, the day still has free times.
    name: 'POST waitlist',
    expect: { ...lineOnly, line: 409 },
    call: (c, who) => send(c, who, 'POST', '/bureau/worker/waitlist', { userId: lineUser.userId, date: freshSlot().slice(0, 10) }),
  },
  {
    name: 'GET staff/calendar',
    expect: staffOnly,
    call: (c, who) => send(c, who, 'GET', '/bureau/worker/staff/calendar?from=2030-01-07&to=2030-01-13'),
  },
  {
    name: 'GET staff/appointments.csv',
    expect: staffOnly,
    call: (c, who) => send(c, who, 'GET', '/bureau/worker/staff/appointments.csv?from=2030-01-07&to=2030-01-13'),
  },
  {
    name: 'POST staff/appointments/:id/attendance',
    expect: staffOnly,
    call: async (c, who) => {
      const [row] = await toolDb<AppointmentsTables>(c.t.ctx.database)
        .insertInto('appointments')
        .values(makeAppointment(lineUser.userId, c.t.clock.now() - 60_000 * ++slotCounter))
        .returning('id')
        .execute();
      return send(c, who, 'POST', `/bureau/worker/staff/appointments/${row!.id}/attendance`, { attendance: 'attended' });
    },
  },
  {
    name: 'GET staff/appointments',
    expect: staffOnly,
    call: (c, who) => send(c, who, 'GET', '/bureau/worker/staff/appointments?date=2030-01-07'),
  },
  {
    name: 'POST staff/appointments/:id/cancel',
    expect: staffOnly,
    call: async (c, who) => send(c, who, 'POST', `/bureau/worker/staff/appointments/${await lineBooking(c)}/cancel`, { reason: 'Closed' }),
  },
  { name: 'GET staff/settings', expect: staffOnly, call: (c, who) => send(c, who, 'GET', '/bureau/worker/staff/settings') },
  { name: 'PUT staff/settings', expect: staffOnly, call: (c, who) => send(c, who, 'PUT', '/bureau/worker/staff/settings', SETTINGS) },
  { name: 'POST staff/calendar-feed', expect: staffOnly, call: (c, who) => send(c, who, 'POST', '/bureau/worker/staff/calendar-feed') },
  { name: 'GET staff/calendar.ics', expect: staffOnly, call: (c, who) => send(c, who, 'GET', '/bureau/worker/staff/calendar.ics') },
];

describe.each(DIALECTS)('appointments permissions on %s', (dialect) => {
  const c = { cookies: {}, tokens: {} } as Ctx;
  beforeAll(async () => {
    ({ t: c.t, staff: c.cookies.staff } = await buildAppointmentsStaffTestApp(dialect));
    c.cookies.member = await c.t.signInAs('member');
    c.tokens.line = c.t.signInLine(lineUser);
    c.tokens.otherLine = c.t.signInLine(otherUser);
  });
  afterAll(async () => {
    await c.t?.close();
  });

  it.each(cases)('$name', async ({ expect: expected, call }) => {
    const got: Partial<Expect> = {};
    for (const who of Object.keys(expected) as Who[]) got[who] = (await call(c, who)).statusCode;
    expect(got).toEqual(expected);
  });
});
