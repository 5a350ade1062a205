import { z } from 'zod';
import { isUniqueViolation } from '@server/core/db/database';
import type { JobTransaction } from '@server/core/jobs/job-queue';
import type { AppointmentsDeps } from './appointments-deps';
import { bookingLink } from './booking-link';
import { type BookingRules, describeMinutes } from './booking-rules';
import { formatSlotTime } from './format-slot-time';
import { loadBookingRules } from './load-booking-rules';
import { pushLineMessage } from './notify-line-user';

export const SEND_REMINDER = 'appointments.send-reminder';
export const SendReminderPayload = z.object({ appointmentId: z.number().int(), startsAt: z.number().int(), hoursBefore: z.number() });
export type SendReminderPayload = z.infer<typeof SendReminderPayload>;

/**
 * Issue 15 item 4: queues the booking's first reminder still ahead (the largest of the rules'
 * reminderMinutes, staff set them, whose time has not passed) as a durable job. Each reminder job
 * queues the next one when it has run, so a booking costs one job at a time and a cancelled or moved
 * booking's chain stops by itself. Rescheduling starts a new chain. The payload keeps hours
 * (minutes / 60) so jobs queued before still parse. Decision 0041: a booking queues it `within` its
 * own transaction, so the booking and its first reminder commit together; a failure to queue is
 * thrown (the booking is not made, or the reminder job runs again), never only logged.
 */
export async function queueReminders(
  deps: Pick<AppointmentsDeps, 'jobs' | 'now' | 'line'>,
  rules: Pick<BookingRules, 'reminderMinutes'>,
  booking: { id: number; startsAt: number },
  options: { belowMinutes?: number; within?: JobTransaction } = {},
): Promise<void> {
  if (!deps.line.channelToken) return;
  const { id, startsAt } = booking;
  const { belowMinutes = Number.POSITIVE_INFINITY, within } = options;
  const now = deps.now();
  const ahead = rules.reminderMinutes.filter((m) => m < belowMinutes && startsAt - m * 60_000 > now);
  if (ahead.length === 0) return;
  const minutesBefore = Math.max(...ahead);
  const hoursBefore = minutesBefore / 60;
  await deps.jobs.enqueue(
    SEND_REMINDER,
    { appointmentId: id, startsAt, hoursBefore },
    { runAt: startsAt - minutesBefore * 60_000, singletonKey: `reminder:${id}:${startsAt}:${hoursBefore}`, within },
  );
}

/**
 * The reminder job: skips a booking that was cancelled or moved; claims the reminder with a row under
 * a primary key, so it is pushed once even when the job runs twice or in two processes; gives the
 * claim back when LINE fails, so the job's retry sends it.
 */
export async function sendReminder(deps: AppointmentsDeps, payload: SendReminderPayload): Promise<'sent' | 'skipped'> {
  const row = await deps.db.selectFrom('appointments').selectAll().where('id', '=', payload.appointmentId).executeTakeFirst();
  if (!row || row.status !== 'booked' || row.held_until !== null || row.starts_at !== payload.startsAt || row.starts_at <= deps.now())
    return 'skipped';
  // Staff may have taken this offset out since it was queued: the rules in force say when reminders go.
  const rules = await loadBookingRules(deps);
  const minutesBefore = Math.round(payload.hoursBefore * 60);
  const queueNext = () => queueReminders(deps, rules, { id: row.id, startsAt: row.starts_at }, { belowMinutes: minutesBefore });
  if (!rules.reminderMinutes.includes(minutesBefore)) {
    await queueNext();
    return 'skipped';
  }
  const claim = { appointment_id: row.id, starts_at: row.starts_at, hours_before: payload.hoursBefore };
  try {
    await deps.db
      .insertInto('appointment_reminders_sent')
      .values({ ...claim, sent_at: deps.now() })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Sent already (a second run of this job): make sure the next one is queued, then stop.
    await queueNext();
    return 'skipped';
  }
  const when = formatSlotTime(row.starts_at, deps.timeZone);
  const text = `Reminder: your appointment is in ${describeTimeLeft(minutesBefore, row.starts_at - deps.now())}, ${when}.${row.topic ? ` Topic: ${row.topic}.` : ''}\nSee or change it: ${bookingLink(deps, row.id)}`;
  try {
    await pushLineMessage(deps, row.line_user_id, text);
  } catch (error) {
    await deps.db
      .deleteFrom('appointment_reminders_sent')
      .where('appointment_id', '=', claim.appointment_id)
      .where('starts_at', '=', claim.starts_at)
      .where('hours_before', '=', claim.hours_before)
      .execute();
    throw error;
  }
  // After this one, the next smaller offset of the rules in force.
  await queueNext();
  return 'sent';
}

/**
 * How long is left, in a reminder's words. A job can run late (the server was down, a backlog of
 * jobs, LINE refusing until the retries): a day-before reminder pushed half an hour before the
 * appointment must not say "in 1 day". On time (within a tenth of its offset) it says its offset
 * ("in 1 hour"); later, the time actually left, in minutes, or about so many hours or days.
 */
export function describeTimeLeft(minutesBefore: number, msLeft: number): string {
  const left = msLeft / 60_000;
  if (left >= minutesBefore * 0.9) return describeMinutes(minutesBefore);
  if (left < 60) return describeMinutes(Math.max(1, Math.round(left)));
  if (left < 36 * 60) {
    const hours = Math.round(left / 60);
    return `about ${hours === 1 ? '1 hour' : `${hours} hours`}`;
  }
  return `about ${Math.round(left / 1440)} days`;
}

export function defineReminderJob(deps: AppointmentsDeps): void {
  deps.jobs.define(
    SEND_REMINDER,
    SendReminderPayload,
    async (payload) => {
      await sendReminder(deps, payload);
    },
    { retryLimit: 3, retryDelaySeconds: 60 },
  );
}
