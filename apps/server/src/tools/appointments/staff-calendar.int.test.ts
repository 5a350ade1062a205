import { makeAppointment, makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import type { TestApp } from '@server/test-support/build-test-app';
import { readEventStream } from '@server/test-support/read-event-stream';
import type { AppointmentsTables } from './appointments-tables';
import { mondayAfterNextAt as at, bangkokDateOf as dateOf } from './appointments-test-times';
import { buildAppointmentsStaffTestApp } from './appointments-test-app';

const TZ = 'Asia/Bangkok';
const nok = makeLineUser({ displayName: 'Nok, "the" =tester' });

describe.each(DIALECTS)('issue 15 item 5: staff calendar on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  beforeEach(async () => ({ t, staff } = await buildAppointmentsStaffTestApp(dialect)));
  afterEach(() => t?.close());
  const db = () => toolDb<AppointmentsTables>(t.ctx.database);
  const insert = async (iso: string | number, overrides = {}) => {
    await db()
      .insertInto('appointment_line_users')
      .values({ line_user_id: nok.userId, display_name: nok.displayName, first_seen_at: 0, last_seen_at: 0 })
      .onConflict((oc) => oc.column('line_user_id').doNothing())
      .execute();
    const [row] = await db()
      .insertInto('appointments')
      .values(makeAppointment(nok.userId, typeof iso === 'number' ? iso : Date.parse(iso), overrides))
      .returning('id')
      .execute();
    return row!.id;
  };

  it('answers a week of bookings (cancelled included) in the booking time zone; refuses bad ranges', async () => {
    await insert(at('10:00'), { topic: 'Monday' });
    await insert(at('11:00', 4), { topic: 'Friday', status: 'cancelled', cancel_reason: 'Ill' });
    await insert(at('10:00', 7), { topic: 'Next week' });
    const res = await t.request({
      url: `/bureau/worker/staff/calendar?from=${dateOf(at('10:00'))}&to=${dateOf(at('10:00', 6))}`,
      cookie: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: TZ, from: dateOf(at('10:00')) });
    expect(res.json().appointments.map((a: { topic: string; status: string }) => [a.topic, a.status])).toEqual([
      ['Monday', 'booked'],
      ['Friday', 'cancelled'],
    ]);
    expect(res.json().appointments[0].displayName).toBe(nok.displayName);
    for (const query of [
      'from=2030-01-08&to=2030-01-07',
      'from=2030-01-01&to=2030-04-01',
      'from=2030-02-30&to=2030-03-01',
      'from=x&to=y',
      '',
    ]) {
      const bad = await t.request({ url: `/bureau/worker/staff/calendar?${query}`, cookie: staff });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().code, query).toBe('invalid_input');
    }
  });

  it('marks attended / no-show only once a booking has started, never a cancelled one', async () => {
    const started = await insert(t.clock.now() - 10 * 60_000);
    const upcoming = await insert(at('10:00'));
    const cancelled = await insert(t.clock.now() - 60 * 60_000, { status: 'cancelled' });
    const mark = (id: number, attendance: unknown) =>
      t.request({
        method: 'POST',
        url: `/bureau/worker/staff/appointments/${id}/attendance`,
        cookie: staff,
        payload: { attendance } as object,
      });
    const ok = await mark(started, 'no_show');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().appointment).toMatchObject({ id: started, attendance: 'no_show' });
    expect((await mark(started, 'attended')).json().appointment.attendance).toBe('attended');
    expect((await mark(started, null)).json().appointment.attendance).toBeNull();
    expect((await mark(upcoming, 'attended')).json().code).toBe('appointments.not_started');
    expect((await mark(cancelled, 'attended')).json().code).toBe('appointments.already_cancelled');
    expect((await mark(999_999, 'attended')).json().code).toBe('not_found');
    for (const bad of ['present', 1, undefined]) {
      const res = await mark(started, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error).toContain('attendance');
    }
  });

  it('refuses to cancel a booking that has started (attended or not): it is marked instead, and its user is not told it was cancelled', async () => {
    const started = await insert(t.clock.now() - 10 * 60_000);
    await t.request({
      method: 'POST',
      url: `/bureau/worker/staff/appointments/${started}/attendance`,
      cookie: staff,
      payload: { attendance: 'attended' },
    });
    const cancel = await t.request({
      method: 'POST',
      url: `/bureau/worker/staff/appointments/${started}/cancel`,
      cookie: staff,
      payload: { reason: 'Too late' },
    });
    expect([cancel.statusCode, cancel.json()]).toEqual([
      409,
      {
        error: 'This appointment has already started, so it cannot be cancelled: mark it attended or no-show instead.',
        code: 'appointments.already_started',
      },
    ]);
    expect(await db().selectFrom('appointments').select(['status', 'attendance']).where('id', '=', started).executeTakeFirst()).toEqual({
      status: 'booked',
      attendance: 'attended',
    });
    // One not yet started still cancels.
    const upcoming = await insert(at('10:00'));
    const ok = await t.request({
      method: 'POST',
      url: `/bureau/worker/staff/appointments/${upcoming}/cancel`,
      cookie: staff,
      payload: { reason: 'Closed' },
    });
    expect(ok.json().appointment).toMatchObject({ id: upcoming, status: 'cancelled' });
  });

  it('exports a range as CSV: local times, names quoted, formulas defused', async () => {
    await insert(at('10:00'), { topic: '=HYPERLINK("x")' });
    const res = await t.request({
      url: `/bureau/worker/staff/appointments.csv?from=${dateOf(at('10:00'))}&to=${dateOf(at('10:00'))}`,
      cookie: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="appointments_${dateOf(at('10:00'))}_${dateOf(at('10:00'))}.csv"`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,date,start,end,time_zone,line_user_id,display_name,topic,status,attendance,cancel_reason,created_at');
    expect(lines[1]).toContain(
      `,${dateOf(at('10:00'))},10:00,10:30,Asia/Bangkok,${nok.userId},"Nok, ""the"" =tester","'=HYPERLINK(""x"")",booked,,,`,
    );
    expect(
      (await t.request({ url: '/bureau/worker/staff/appointments.csv?from=2030-01-02&to=2030-01-01', cookie: staff })).statusCode,
    ).toBe(400);
  });

  it('streams new bookings and cancellations to open staff pages (server-sent events)', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const events = readEventStream(await fetch(`${address}/bureau/worker/staff/events`, { headers: { cookie: staff } }));
    await events.waitFor(': connected');
    const booked = await t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(nok),
      payload: { userId: nok.userId, datetime: at('10:00'), topic: null, reschedule_id: null },
    });
    const id = booked.json().appointment.id;
    await events.waitFor(`"kind":"booked","id":${id}`);
    await t.request({
      method: 'POST',
      url: `/bureau/worker/staff/appointments/${id}/cancel`,
      cookie: staff,
      payload: { reason: 'Closed' },
    });
    await events.waitFor(`"kind":"cancelled","id":${id}`);
    expect(events.text).toContain(`"datetime":"${at('10:00')}"`);
    // Without the grant: refused, no stream.
    const member = await fetch(`${address}/bureau/worker/staff/events`, { headers: { cookie: await t.signInAs('member') } });
    expect(member.status).toBe(403);
  });
});

// Decision 0073: the staff lists stopped at 20,000 rows (the day list at 1,000) without a word. A cap of
// 3 here stands in for the configured one: a capped answer says so; the CSV holds every row.
describe.each(DIALECTS)('decision 0073: capped staff lists say so, on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  beforeEach(async () => ({ t, staff } = await buildAppointmentsStaffTestApp(dialect, { APPOINTMENT_STAFF_LIST_MAX_ROWS: '3' })));
  afterEach(() => t?.close());
  let seat = 0;
  // Each its own seat number: several share a start (the (starts_at, seat) index).
  const insert = async (iso: string, topic: string) => {
    const [row] = await toolDb<AppointmentsTables>(t.ctx.database)
      .insertInto('appointments')
      .values(makeAppointment(nok.userId, Date.parse(iso), { topic, seat: ++seat }))
      .returning('id')
      .execute();
    return row!.id;
  };
  const monday = () => dateOf(at('10:00'));

  it('the day and week views answer the first bookings by time and truncated: true when the range holds more', async () => {
    // Two at the same start: the order, and the CSV's pages, go by start and then id.
    for (const [when, topic] of [
      [at('10:00', 1), 'D'],
      [at('09:00'), 'A'],
      [at('10:00'), 'B'],
      [at('10:00'), 'C'],
    ] as const)
      await insert(when, topic);
    const week = await t.request({ url: `/bureau/worker/staff/calendar?from=${monday()}&to=${dateOf(at('10:00', 6))}`, cookie: staff });
    expect(week.statusCode).toBe(200);
    expect(week.json().truncated).toBe(true);
    expect(week.json().appointments.map((a: { topic: string }) => a.topic)).toEqual(['A', 'B', 'C']);
    // Exactly the cap is not truncated.
    const day = await t.request({ url: `/bureau/worker/staff/calendar?from=${monday()}&to=${monday()}`, cookie: staff });
    expect([day.json().appointments.length, day.json().truncated]).toEqual([3, false]);
    const oldDay = await t.request({ url: `/bureau/worker/staff/appointments?date=${monday()}`, cookie: staff });
    expect([oldDay.json().appointments.length, oldDay.json().truncated]).toEqual([3, false]);
    await insert(at('11:00'), 'E');
    const fuller = await t.request({ url: `/bureau/worker/staff/appointments?date=${monday()}`, cookie: staff });
    expect([fuller.json().appointments.length, fuller.json().truncated]).toEqual([3, true]);
  });

  it('the CSV export holds every booking of the range, read in pages of the cap, in order', async () => {
    const ids: number[] = [];
    for (const [when, topic] of [
      [at('09:00'), 'A'],
      [at('10:00'), 'B'],
      [at('10:00'), 'C'],
      [at('10:00'), 'D'],
      [at('10:30'), 'E'],
      [at('10:00', 1), 'F'],
      [at('10:00', 1), 'G'],
    ] as const)
      ids.push(await insert(when, topic));
    const res = await t.request({
      url: `/bureau/worker/staff/appointments.csv?from=${monday()}&to=${dateOf(at('10:00', 1))}`,
      cookie: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^id,date,start,/);
    expect(lines.slice(1, -1).map((line) => [Number(line.split(',')[0]), line.split(',')[7]])).toEqual(
      ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((topic, i) => [ids[i], topic]),
    );
    expect(lines.at(-1)).toBe('');
  });
});
