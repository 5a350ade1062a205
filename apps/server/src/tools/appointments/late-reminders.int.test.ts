import { makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import type { TestApp } from '@server/test-support/build-test-app';
import { SEND_REMINDER } from './send-reminder';
import { mondayAfterNextAt as at } from './appointments-test-times';
import { buildAppointmentsTestApp } from './appointments-test-app';

const mai = makeLineUser({ displayName: 'Mai' });

// Issue 15 item 4: a reminder's job can run late (the server was down overnight, a backlog of jobs,
// LINE refusing until the retries): its words must still say how long is left, not the offset it was
// queued for ("in 1 day" half an hour before the appointment).
describe.each(DIALECTS)('issue 15 item 4: a reminder that runs late on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => (t = await buildAppointmentsTestApp(dialect)));
  afterEach(() => t?.close());
  const reminders = () => t.line!.pushes.filter((p) => p.messages[0]?.text?.startsWith('Reminder:'));

  async function book(datetime: string): Promise<{ id: number; startsAt: number }> {
    const res = await t.request({
      method: 'POST',
      url: '/bureau/worker/create-appointment',
      token: t.signInLine(mai),
      payload: { userId: mai.userId, datetime, topic: null, reschedule_id: null },
    });
    expect(res.statusCode).toBe(200);
    const { id, datetime: iso } = res.json().appointment as { id: number; datetime: string };
    // The booking's confirmation, so the pushes counted after it are reminders only.
    await vi.waitFor(() => expect(t.line!.pushes).toHaveLength(1), { timeout: 10_000 });
    return { id, startsAt: Date.parse(iso) };
  }

  it('the day-before reminder run half an hour before says "in 30 minutes", not "in 1 day"', async () => {
    const booking = await book(at('10:00'));
    t.clock.set(booking.startsAt - 30 * 60_000);
    await t.ctx.jobs.enqueue(SEND_REMINDER, { appointmentId: booking.id, startsAt: booking.startsAt, hoursBefore: 24 });
    await t.ctx.jobs.settle();
    expect(reminders()).toHaveLength(1);
    const text = reminders()[0]!.messages[0]!.text!;
    expect(text).toMatch(/^Reminder: your appointment is in 30 minutes, Mon .* 10:00 \(Asia\/Bangkok time\)\./);
    expect(text).not.toContain('1 day');
  });

  it('the day-before reminder run five hours late says "in about 19 hours"', async () => {
    const booking = await book(at('10:00'));
    t.clock.set(booking.startsAt - 19 * 3_600_000);
    await t.ctx.jobs.enqueue(SEND_REMINDER, { appointmentId: booking.id, startsAt: booking.startsAt, hoursBefore: 24 });
    await t.ctx.jobs.settle();
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.messages[0]!.text).toMatch(/^Reminder: your appointment is in about 19 hours, Mon /);
  });

  it('a reminder a few minutes late (a retry) keeps its own words', async () => {
    const booking = await book(at('10:00'));
    t.clock.set(booking.startsAt - 24 * 3_600_000 + 3 * 60_000);
    await t.ctx.jobs.enqueue(SEND_REMINDER, { appointmentId: booking.id, startsAt: booking.startsAt, hoursBefore: 24 });
    await t.ctx.jobs.settle();
    expect(reminders()[0]!.messages[0]!.text).toMatch(/^Reminder: your appointment is in 1 day, Mon /);
  });
});
