import { makeAppointment, makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { toolDb } from '@server/core/db/tool-db';
import type { TestApp } from '@server/test-support/build-test-app';
import type { AppointmentsTables } from './appointments-tables';
import { mondayAfterNextAt as at } from './appointments-test-times';
import { buildAppointmentsTestApp } from './appointments-test-app';

const TZ = 'Asia/Bangkok';
const me = makeLineUser({ displayName: 'Me' });
const someone = makeLineUser({ displayName: 'Someone' });

describe.each(DIALECTS)('issue 15 item 2: my appointments on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => (t = await buildAppointmentsTestApp(dialect)));
  afterEach(() => t?.close());
  const db = () => toolDb<AppointmentsTables>(t.ctx.database);
  const mine = (user = me) => t.request({ url: `/bureau/worker/my-appointments?userId=${user.userId}`, token: t.signInLine(user) });
  const cancel = (id: unknown, user = me) =>
    t.request({
      method: 'POST',
      url: '/bureau/worker/cancel-appointment',
      token: t.signInLine(user),
      payload: { userId: user.userId, id } as object,
    });
  const book = (datetime: string, reschedule_id: number | null = null) =>
    t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(me),
      payload: { userId: me.userId, datetime, topic: 'Passport', reschedule_id },
    });

  it('lists upcoming (soonest first) and past (latest first) bookings, only the user’s own', async () => {
    const now = t.clock.now();
    await db()
      .insertInto('appointments')
      .values([
        makeAppointment(me.userId, Date.parse(at('11:00')), { user_seat: 2 }),
        makeAppointment(me.userId, Date.parse(at('10:00')), { user_seat: 1 }),
        makeAppointment(me.userId, now - 3 * 86_400_000),
        makeAppointment(me.userId, now - 86_400_000, { topic: 'Last week' }),
        makeAppointment(someone.userId, Date.parse(at('12:00'))),
      ])
      .execute();
    const res = await mine();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe(TZ);
    expect(body.upcoming.map((a: { datetime: string }) => a.datetime)).toEqual([at('10:00'), at('11:00')]);
    expect(body.past.map((a: { topic: string | null }) => a.topic)).toEqual(['Last week', null]);
    expect([...body.upcoming, ...body.past].every((a: { userId: string }) => a.userId === me.userId)).toBe(true);
  });

  it('cancels the user’s own upcoming booking: the slot is free again, LINE confirms; reschedule keeps working', async () => {
    const booked = (await book(at('10:00'))).json().appointment;
    const res = await cancel(booked.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment).toMatchObject({ id: booked.id, status: 'cancelled' });
    expect((await mine()).json().upcoming[0]).toMatchObject({ id: booked.id, status: 'cancelled' });
    await vi.waitFor(() =>
      expect(t.line!.pushes.some((p) => p.messages[0]?.text?.startsWith('You cancelled your appointment on Mon'))).toBe(true),
    );
    // The slot is free for anyone again.
    const again = await t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(someone),
      payload: { userId: someone.userId, datetime: at('10:00'), topic: null, reschedule_id: null },
    });
    expect(again.statusCode).toBe(200);
    // Twice: already cancelled; and 001's reschedule of a cancelled booking is refused as before.
    expect((await cancel(booked.id)).json().code).toBe('appointments.already_cancelled');
    expect((await book(at('11:00'), booked.id)).json().code).toBe('appointments.cancelled');
  });

  it('refuses someone else’s booking as not found, a started one, and bad input (4xx, never 500)', async () => {
    const [theirs] = await db()
      .insertInto('appointments')
      .values(makeAppointment(someone.userId, Date.parse(at('10:00'))))
      .returning('id')
      .execute();
    expect((await cancel(theirs!.id)).json()).toEqual({ error: 'We could not find that appointment.', code: 'not_found' });
    const [started] = await db()
      .insertInto('appointments')
      .values(makeAppointment(me.userId, t.clock.now() - 60_000))
      .returning('id')
      .execute();
    expect((await cancel(started!.id)).json().code).toBe('appointments.already_started');
    for (const id of [0, -1, 'abc', 1.5, null, 2 ** 40]) {
      const res = await cancel(id);
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input', error: expect.stringContaining('id') });
    }
    const noUser = await t.request({ url: '/bureau/worker/my-appointments', token: t.signInLine(me) });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().error).toContain('userId');
    const noToken = await t.request({ url: `/bureau/worker/my-appointments?userId=${me.userId}` });
    expect(noToken.statusCode).toBe(401);
    const rows = await db().selectFrom('appointments').select('status').execute();
    expect(rows.every((r) => r.status === 'booked')).toBe(true);
  });
});
