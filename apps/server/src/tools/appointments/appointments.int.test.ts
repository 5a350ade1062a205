import { TZDate } from '@date-fns/tz';
import { type FakeLine, demoPerson } from '@guildhall/testkit';
import { makeAppointment, makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';
import { readCalendarFeed } from '@server/test-support/read-calendar-feed';
import { toolDb } from '@server/core/db/tool-db';
import type { AppointmentsTables } from './appointments-tables';
import { buildAppointmentsTestApp } from './appointments-test-app';
import { formatSlotTime } from './format-slot-time';

/** Issue 15 item 1: the 409 names the slot that was taken. */
const slotTakenSentence = (iso: string) =>
  `This time slot has already been booked: ${formatSlotTime(Date.parse(iso), 'Asia/Bangkok')}. Please choose another time.`;

const alice = makeLineUser({ displayName: 'Alice' });
const bob = makeLineUser({ displayName: 'Bob' });
const ALICE = alice.userId;
const BOB = bob.userId;

/** A Bangkok weekday slot `weeks` weeks after the coming Monday, at hh:mm local time. */
function slot(hhmm: string, weeks = 1, weekday = 1): string {
  const today = new TZDate(Date.now(), 'Asia/Bangkok');
  const daysToMonday = ((8 - today.getDay()) % 7) + 7 * (weeks - 1) + (weekday - 1);
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(
    new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + daysToMonday + 7, h, m, 0, 0, 'Asia/Bangkok').getTime(),
  ).toISOString();
}

describe.each(DIALECTS)('appointments on %s', (dialect) => {
  let line: FakeLine;
  let t: TestApp;

  beforeEach(async () => {
    // A fake LINE of its own for each test (buildAppointmentsTestApp), so pushes start empty.
    t = await buildAppointmentsTestApp(dialect, { LIFF_ID: '2000000000-TestLiff' });
    line = t.line!;
  });
  afterEach(async () => {
    await t.close();
  });

  const db = () => toolDb<AppointmentsTables>(t.ctx.database);
  const countAppointments = async () => (await db().selectFrom('appointments').select('id').execute()).length;
  const countUsers = async () => (await db().selectFrom('appointment_line_users').select('line_user_id').execute()).length;
  const tokenFor = (userId: string) => t.signInLine([alice, bob].find((u) => u.userId === userId)!);
  const post = (url: string, payload: unknown, token: string | null) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const book = (userId: string, datetime: string, extra: Record<string, unknown> = {}) =>
    post('/bureau/worker/create-appointment', { userId, datetime, topic: null, reschedule_id: null, ...extra }, tokenFor(userId));

  async function staffCookie(): Promise<string> {
    const staff = demoPerson('staff');
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    return t.signInAs('staff');
  }

  it('serves the mini-app config without the LIFF mock', async () => {
    const res = await t.app.inject({ url: '/bureau/worker/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      liffId: '2000000000-TestLiff',
      mock: false,
      booking: { timeZone: 'Asia/Bangkok', slotMinutes: 30, days: [1, 2, 3, 4, 5] },
    });
    expect(res.json().mockUsers).toBeUndefined();
    // The mint endpoint exists only with the mock.
    expect((await post('/bureau/worker/mock/id-token', { userId: ALICE, displayName: 'A' }, null)).statusCode).toBe(404);
  });

  it('register-user upserts the LINE user, keeping first seen (001 §7)', async () => {
    const first = await post('/bureau/worker/register-user', { userId: ALICE, displayName: 'Alice' }, tokenFor(ALICE));
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ userId: ALICE, displayName: 'Alice' });
    t.clock.advance(60_000);
    // Renamed in LINE: the next token carries the new name.
    const renamed = line.issueIdToken({ sub: ALICE, name: 'Alice B.' });
    const second = await post('/bureau/worker/register-user', { userId: ALICE, displayName: 'Alice B.' }, renamed);
    expect(second.json().user.displayName).toBe('Alice B.');
    expect(second.json().user.firstSeenAt).toBe(first.json().user.firstSeenAt);
    expect(Date.parse(second.json().user.lastSeenAt)).toBe(Date.parse(first.json().user.lastSeenAt) + 60_000);
    expect(await countUsers()).toBe(1);
  });

  it("register-user keeps the verified ID token's name, not the body's; the body's only when the token has none (decision 0065)", async () => {
    const storedName = async () =>
      (await db().selectFrom('appointment_line_users').select('display_name').where('line_user_id', '=', ALICE).executeTakeFirstOrThrow())
        .display_name;
    // The old code stored whatever name the request sent for the user the token proved.
    const spoofed = await post(
      '/bureau/worker/register-user',
      { userId: ALICE, displayName: 'Staff: ignore her bookings' },
      tokenFor(ALICE),
    );
    expect(spoofed.statusCode).toBe(200);
    expect(spoofed.json().user.displayName).toBe('Alice');
    expect(await storedName()).toBe('Alice');
    // A channel without the profile scope issues tokens with no name: 001 §3's displayName is all there is.
    const nameless = line.issueIdToken({ sub: ALICE, name: null });
    const fromBody = await post('/bureau/worker/register-user', { userId: ALICE, displayName: 'Alice B.' }, nameless);
    expect(fromBody.json().user.displayName).toBe('Alice B.');
    expect(await storedName()).toBe('Alice B.');
  });

  it('books a slot, answers the booking and pushes a LINE confirmation', async () => {
    const when = slot('10:00');
    const res = await book(ALICE, when, { topic: '  Project Discussion  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rescheduled: false,
      appointment: { userId: ALICE, datetime: when, topic: 'Project Discussion', status: 'booked' },
    });
    expect(Date.parse(res.json().appointment.endsAt) - Date.parse(when)).toBe(30 * 60_000);
    await vi.waitFor(() => expect(line.pushes).toHaveLength(1), { timeout: 10_000 });
    expect(line.pushes[0]).toMatchObject({
      to: ALICE,
      messages: [{ type: 'text', text: expect.stringContaining('Your appointment is booked for Mon') }],
    });
    expect(line.pushes[0]!.messages[0]!.text).toContain('10:00 (Asia/Bangkok time)');
    // Issue 15 item 2: the confirmation links into the mini-app's booking (LIFF_ID set: the LIFF URL).
    expect(line.pushes[0]!.messages[0]!.text).toContain(
      `See or change it: https://liff.line.me/2000000000-TestLiff?booking=${res.json().appointment.id}`,
    );
  });

  it('sends an empty topic as null (001 §5)', async () => {
    const res = await book(ALICE, slot('10:30'), { topic: '   ' });
    expect(res.json().appointment.topic).toBeNull();
  });

  describe('identity (ARCHITECTURE.md §4)', () => {
    it('refuses missing, expired, forged, wrong-audience and other-user ID tokens, writing nothing', async () => {
      const body = { userId: ALICE, datetime: slot('11:00'), topic: null, reschedule_id: null };
      const cases: Array<[string | null, number]> = [
        [null, 401],
        ['not-a-jwt', 401],
        [line.issueIdToken({ sub: ALICE, expiresIn: -10 }), 401],
        [line.forgeIdToken({ sub: ALICE }), 401],
        [line.issueIdToken({ sub: ALICE, aud: '1999999999' }), 401],
        [line.issueIdToken({ sub: BOB }), 403],
      ];
      for (const [token, status] of cases) {
        for (const url of ['/bureau/worker/create-appointment', '/bureau/worker/register-user']) {
          const res = await post(url, url.endsWith('register-user') ? { userId: ALICE, displayName: 'Alice' } : body, token);
          expect(res.statusCode, `${url} ${String(token).slice(0, 20)}`).toBe(status);
          expect(typeof res.json().error).toBe('string');
        }
      }
      const expired = await post('/bureau/worker/create-appointment', body, line.issueIdToken({ sub: ALICE, expiresIn: -10 }));
      expect(expired.json().error).toContain('expired');
      expect(await countAppointments()).toBe(0);
      expect(await countUsers()).toBe(0);
    });

    it('answers 502, not a sign-in, when LINE cannot verify', async () => {
      line.faults.fail(/oauth2\/v2\.1\/verify/, 500);
      const res = await book(ALICE, slot('11:00'));
      expect(res.statusCode).toBe(502);
      expect(await countAppointments()).toBe(0);
    });
  });

  describe('bad input: 4xx naming the field, nothing written', () => {
    it('create-appointment', async () => {
      const good = { userId: ALICE, datetime: slot('11:00'), topic: null, reschedule_id: null };
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ ...good, userId: 12345 }, 'userId'],
        [{ ...good, userId: undefined }, 'userId'],
        [{ ...good, datetime: 1893456000000 }, 'datetime'],
        [{ ...good, datetime: 'next tuesday' }, 'datetime'],
        [{ ...good, datetime: '2030-02-30T10:00:00.000Z' }, 'datetime'],
        [{ ...good, datetime: '2030-01-07T10:00:00' }, 'datetime'],
        [{ ...good, topic: 42 }, 'topic'],
        [{ ...good, topic: 'x'.repeat(201) }, 'topic'],
        [{ ...good, topic: 'x'.repeat(100_000) }, 'topic'],
        [{ ...good, reschedule_id: 'abc' }, 'reschedule_id'],
        [{ ...good, reschedule_id: -1 }, 'reschedule_id'],
        [{ ...good, reschedule_id: 1.5 }, 'reschedule_id'],
      ];
      for (const [payload, field] of bad) {
        const res = await post('/bureau/worker/create-appointment', payload, tokenFor(ALICE));
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(res.json().error).toContain(field);
      }
      for (const raw of ['{"userId":', '[]', 'null']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/bureau/worker/create-appointment',
          payload: raw,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenFor(ALICE)}` },
        });
        expect(res.statusCode, raw).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, raw).toBeLessThan(500);
      }
      expect(await countAppointments()).toBe(0);
      expect(await countUsers()).toBe(0);
    });

    it('register-user', async () => {
      for (const payload of [
        { userId: ALICE },
        { userId: ALICE, displayName: 7 },
        { userId: ALICE, displayName: 'x'.repeat(101) },
        { userId: 'bad id!', displayName: 'A' },
        { displayName: 'A' },
      ]) {
        const res = await post('/bureau/worker/register-user', payload, tokenFor(ALICE));
        expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      }
      expect(await countUsers()).toBe(0);
    });

    it('times outside the booking rules', async () => {
      const past = await book(ALICE, new Date(Date.now() - 3_600_000).toISOString());
      expect(past.statusCode).toBe(400);
      expect(past.json().error).toBe('Please select a date and time in the future.');
      const saturday = await book(ALICE, slot('10:00', 1, 6));
      expect(saturday.json().error).toContain('Monday to Friday, 09:00-17:00');
      const offGrid = await book(ALICE, slot('10:15'));
      expect(offGrid.json().error).toContain('every 30 minutes');
      const late = await book(ALICE, slot('17:00'));
      expect(late.statusCode).toBe(400);
      expect(await countAppointments()).toBe(0);
    });
  });

  it('20 users racing for one slot give exactly one booking', async () => {
    const when = slot('14:00');
    const racers = Array.from({ length: 20 }, () => makeLineUser());
    const users = racers.map((u) => u.userId);
    const tokens = racers.map((u) => t.signInLine(u));
    const answers = await Promise.all(
      users.map((userId, i) =>
        t.app.inject({
          method: 'POST',
          url: '/bureau/worker/create-appointment',
          payload: { userId, datetime: when, topic: null, reschedule_id: null },
          headers: { authorization: `Bearer ${tokens[i]}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toEqual({ error: slotTakenSentence(when), code: 'appointments.slot_taken' });
    const rows = await db().selectFrom('appointments').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  describe('reschedule (001 §2 reschedule_id)', () => {
    it('moves the user’s own booking atomically and frees the old slot', async () => {
      const first = (await book(ALICE, slot('10:00'), { topic: 'Passport' })).json().appointment;
      const moved = await book(ALICE, slot('11:30'), { reschedule_id: String(first.id) });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ rescheduled: true, appointment: { id: first.id, datetime: slot('11:30'), topic: 'Passport' } });
      expect(await countAppointments()).toBe(1);
      // The old slot is free again.
      expect((await book(BOB, slot('10:00'))).statusCode).toBe(200);
      await vi.waitFor(() =>
        expect(line.pushes.some((p) => p.messages[0]?.text?.startsWith('Your appointment has been moved to'))).toBe(true),
      );
    });

    it('the same move sent five times at once (a double tap) moves once and tells the user once', async () => {
      const first = (await book(ALICE, slot('10:00'))).json().appointment;
      await vi.waitFor(() => expect(line.pushes).toHaveLength(1), { timeout: 10_000 });
      const moves = await Promise.all(Array.from({ length: 5 }, () => book(ALICE, slot('11:30'), { reschedule_id: String(first.id) })));
      expect(moves.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
      for (const move of moves)
        expect(move.json()).toMatchObject({ rescheduled: true, appointment: { id: first.id, datetime: slot('11:30') } });
      const row = await db().selectFrom('appointments').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
      expect(row.reschedule_count).toBe(1);
      await vi.waitFor(() => expect(line.pushes).toHaveLength(2), { timeout: 10_000 });
      // Nothing more follows the one push (the notice goes out after the answer).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(line.pushes.map((p) => p.messages[0]?.text?.split(' ').slice(0, 4).join(' '))).toEqual([
        'Your appointment is booked',
        'Your appointment has been',
      ]);
    });

    it('refuses a taken slot and leaves the booking where it was', async () => {
      const mine = (await book(ALICE, slot('10:00'))).json().appointment;
      await book(BOB, slot('12:00'));
      const res = await book(ALICE, slot('12:00'), { reschedule_id: mine.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(slotTakenSentence(slot('12:00')));
      const row = await db().selectFrom('appointments').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow();
      expect(new Date(row.starts_at).toISOString()).toBe(slot('10:00'));
    });

    it('refuses another user’s booking (as not found) and a cancelled one', async () => {
      const bobs = (await book(BOB, slot('10:00'))).json().appointment;
      const res = await book(ALICE, slot('15:00'), { reschedule_id: bobs.id });
      expect(res.statusCode).toBe(404);
      expect((await book(ALICE, slot('15:00'), { reschedule_id: 999999 })).statusCode).toBe(404);
      const cookie = await staffCookie();
      await t.request({
        method: 'POST',
        url: `/bureau/worker/staff/appointments/${bobs.id}/cancel`,
        payload: { reason: 'Office closed' },
        cookie,
      });
      const again = await post(
        '/bureau/worker/create-appointment',
        { userId: BOB, datetime: slot('15:00'), topic: null, reschedule_id: bobs.id },
        tokenFor(BOB),
      );
      expect(again.statusCode).toBe(409);
      expect(await countAppointments()).toBe(1);
    });
  });

  describe('staff view', () => {
    it('requires a Discord session with the bureau-staff grant', async () => {
      const date = slot('10:00').slice(0, 10);
      expect((await t.request({ url: `/bureau/worker/staff/appointments?date=${date}` })).statusCode).toBe(401);
      const member = await t.signInAs('member');
      expect((await t.request({ url: `/bureau/worker/staff/appointments?date=${date}`, cookie: member })).statusCode).toBe(403);
      expect(
        (await t.request({ method: 'POST', url: '/bureau/worker/staff/appointments/1/cancel', payload: { reason: 'x' }, cookie: member }))
          .statusCode,
      ).toBe(403);
      expect((await t.request({ method: 'POST', url: '/bureau/worker/staff/calendar-feed', cookie: member })).statusCode).toBe(403);
      // A LINE ID token is not a staff credential.
      const line401 = await t.app.inject({
        url: `/bureau/worker/staff/appointments?date=${date}`,
        headers: { authorization: `Bearer ${tokenFor(ALICE)}` },
      });
      expect(line401.statusCode).toBe(401);
    });

    it('lists a day in the booking time zone and cancels with a reason', async () => {
      await post('/bureau/worker/register-user', { userId: ALICE, displayName: 'Alice' }, tokenFor(ALICE));
      const a = (await book(ALICE, slot('09:00'), { topic: 'Early' })).json().appointment;
      await book(BOB, slot('16:30'));
      await book(BOB, slot('10:00', 2));
      const cookie = await staffCookie();
      // slot() is in Bangkok; 09:00 local is the previous UTC date, so take the local date.
      const date = new TZDate(Date.parse(slot('12:00')), 'Asia/Bangkok').toISOString().slice(0, 10);
      const list = await t.request({ url: `/bureau/worker/staff/appointments?date=${date}`, cookie });
      expect(list.statusCode).toBe(200);
      // Bob never called register-user: his name comes from the verified ID token.
      expect(list.json().appointments.map((x: { datetime: string; displayName: string | null }) => [x.datetime, x.displayName])).toEqual([
        [slot('09:00'), 'Alice'],
        [slot('16:30'), 'Bob'],
      ]);
      expect((await t.request({ url: '/bureau/worker/staff/appointments?date=2030-13-01', cookie })).statusCode).toBe(400);
      expect(
        (await t.request({ method: 'POST', url: `/bureau/worker/staff/appointments/${a.id}/cancel`, payload: { reason: '   ' }, cookie }))
          .statusCode,
      ).toBe(400);
      expect(
        (await t.request({ method: 'POST', url: `/bureau/worker/staff/appointments/abc/cancel`, payload: { reason: 'x' }, cookie }))
          .statusCode,
      ).toBe(400);
      const cancelled = await t.request({
        method: 'POST',
        url: `/bureau/worker/staff/appointments/${a.id}/cancel`,
        payload: { reason: 'Officer ill' },
        cookie,
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().appointment).toMatchObject({
        id: a.id,
        status: 'cancelled',
        cancelReason: 'Officer ill',
        displayName: 'Alice',
      });
      expect(
        (await t.request({ method: 'POST', url: `/bureau/worker/staff/appointments/${a.id}/cancel`, payload: { reason: 'again' }, cookie }))
          .statusCode,
      ).toBe(409);
      expect(
        (await t.request({ method: 'POST', url: `/bureau/worker/staff/appointments/999999/cancel`, payload: { reason: 'x' }, cookie }))
          .statusCode,
      ).toBe(404);
      await vi.waitFor(() =>
        expect(line.pushes.some((p) => p.to === ALICE && p.messages[0]?.text?.includes('has been cancelled. Reason: Officer ill'))).toBe(
          true,
        ),
      );
      // The freed slot can be booked again.
      expect((await book(BOB, slot('09:00'))).statusCode).toBe(200);
    });

    it('serves an iCalendar feed by session and by a private, revocable URL', async () => {
      await db()
        .insertInto('appointments')
        .values(makeAppointment(ALICE, Date.parse(slot('10:00')), { topic: 'Visa' }))
        .execute();
      const cookie = await staffCookie();
      const bySession = await t.request({ url: '/bureau/worker/staff/calendar.ics', cookie });
      expect(bySession.statusCode).toBe(200);
      expect(bySession.headers['content-type']).toContain('text/calendar');
      expect(bySession.body).toContain('BEGIN:VEVENT');
      expect(bySession.body).toContain('Visa');

      const issued = await t.request({ method: 'POST', url: '/bureau/worker/staff/calendar-feed', cookie });
      const path = new URL(issued.json().url).pathname;
      const feed = await t.app.inject({ url: path });
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain('SUMMARY:Appointment: ');

      const reissued = await t.request({ method: 'POST', url: '/bureau/worker/staff/calendar-feed', cookie });
      expect((await t.app.inject({ url: path })).statusCode).toBe(404);
      const newPath = new URL(reissued.json().url).pathname;
      expect((await t.app.inject({ url: newPath })).statusCode).toBe(200);
      await t.ctx.grants.revoke(demoPerson('staff').discord.id, 'bureau-staff');
      expect((await t.app.inject({ url: newPath })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/bureau/worker/calendar/not-a-real-token-at-all-xx.ics' })).statusCode).toBe(404);
    });

    it('keeps a booking in the feed after staff shorten the booking horizon below it (decision 0032: bookings stay)', async () => {
      await db()
        .insertInto('appointments')
        .values(makeAppointment(ALICE, Date.parse(slot('10:00')), { topic: 'Far ahead' }))
        .execute();
      const cookie = await staffCookie();
      const { settings } = (await t.request({ url: '/bureau/worker/staff/settings', cookie })).json();
      const saved = await t.request({
        method: 'PUT',
        url: '/bureau/worker/staff/settings',
        cookie,
        payload: { ...settings, maxDaysAhead: 1 },
      });
      expect(saved.statusCode).toBe(200);
      const feed = await t.request({ url: '/bureau/worker/staff/calendar.ics', cookie });
      expect(readCalendarFeed(feed.body).map((e) => e.start)).toEqual([Date.parse(slot('10:00'))]);
    });

    it('places each event at its real instant, read by an iCalendar parser (issue 10 item 14)', async () => {
      const row = makeAppointment(ALICE, Date.parse(slot('13:30')), { updated_at: Date.parse('2026-03-02T04:05:06.789Z') });
      await db().insertInto('appointments').values(row).execute();
      const cookie = await staffCookie();
      const issued = await t.request({ method: 'POST', url: '/bureau/worker/staff/calendar-feed', cookie });
      for (const feed of [
        await t.request({ url: '/bureau/worker/staff/calendar.ics', cookie }),
        await t.app.inject({ url: new URL(issued.json().url).pathname }),
      ]) {
        const [event] = readCalendarFeed(feed.body);
        // 13:30-14:00 Bangkok as the staff page shows it, not 06:30 wall-clock time.
        // DTSTAMP carries whole seconds.
        expect(event).toMatchObject({
          start: Date.parse(slot('13:30')),
          end: Date.parse(slot('14:00')),
          stamp: Math.floor(Number(row.updated_at) / 1000) * 1000,
        });
      }
    });
  });
});

describe('LIFF mock in development', () => {
  it('runs the fake LINE in-process and verifies the minted tokens over HTTP', async () => {
    const t = await buildTestApp({
      discord: false,
      roblox: false,
      env: { NODE_ENV: 'development', LIFF_MOCK: 'true', LINE_API_BASE_URL: undefined },
    });
    try {
      const config = (await t.app.inject({ url: '/bureau/worker/config' })).json();
      expect(config.mock).toBe(true);
      expect(config.mockUsers.length).toBeGreaterThan(0);
      const user = config.mockUsers[0];
      const minted = await t.app.inject({ method: 'POST', url: '/bureau/worker/mock/id-token', payload: user });
      expect(minted.statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'POST',
        url: '/bureau/worker/create-appointment',
        payload: { userId: user.userId, datetime: slot('10:00'), topic: 'Mocked', reschedule_id: null },
        headers: { authorization: `Bearer ${minted.json().idToken}` },
      });
      expect(res.statusCode).toBe(200);
      // A token minted for one mocked user does not let the page act as another.
      const other = await t.app.inject({
        method: 'POST',
        url: '/bureau/worker/register-user',
        payload: { userId: config.mockUsers[1].userId, displayName: 'x' },
        headers: { authorization: `Bearer ${minted.json().idToken}` },
      });
      expect(other.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
