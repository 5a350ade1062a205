// Demo LINE users of the appointment mini-app (001 §2): seeded outside production, offered as mocked
// LIFF profiles in development (LIFF_MOCK), and used by the e2e journey; and the bookings factory the
// demo seed and the tests build their stored appointments from (issue 11 item 4).

import type { BookingSettings, StoredAppointment } from '@guildhall/contracts/appointments';

export interface DemoLineUser {
  userId: string;
  displayName: string;
}

let sequence = 0;

/** A LINE user for tests and the demo: a LINE user id is 'U' and 32 hex digits. */
export function makeLineUser(overrides: Partial<DemoLineUser> = {}): DemoLineUser {
  sequence += 1;
  return { userId: `U${sequence.toString(16).padStart(32, '0')}`, displayName: `Racer ${sequence}`, ...overrides };
}

export const demoLineUsers: DemoLineUser[] = [
  makeLineUser({ userId: 'U1a2b3c4d5e6f70819a2b3c4d5e6f7081', displayName: 'Nok' }),
  makeLineUser({ userId: 'U2b3c4d5e6f708192a3b4c5d6e7f80912', displayName: 'สมหญิง ใจดี' }),
  makeLineUser({ userId: 'U3c4d5e6f708192a3b4c5d6e7f8091223', displayName: 'Brown' }),
];

/** Demo bookings: which user, how many opening days from now, the local time and the topic. */
export const demoAppointmentPlan: Array<{ user: number; openDay: number; time: string; topic: string | null }> = [
  { user: 0, openDay: 1, time: '10:00', topic: 'Registration renewal' },
  { user: 1, openDay: 1, time: '13:30', topic: 'ขอเอกสารรับรอง' },
  { user: 2, openDay: 2, time: '09:00', topic: null },
];

/**
 * A booking for tests and the demo seed: booked a day ahead for one 30-minute slot (the default
 * APPOINTMENT_SLOT_MINUTES), never moved or cancelled. Times are epoch milliseconds.
 */
export function makeAppointment(lineUserId: string, startsAt: number, overrides: Partial<StoredAppointment> = {}): StoredAppointment {
  const bookedAt = startsAt - 86_400_000;
  return {
    line_user_id: lineUserId,
    starts_at: startsAt,
    ends_at: startsAt + 30 * 60_000,
    topic: null,
    status: 'booked',
    reschedule_count: 0,
    created_at: bookedAt,
    updated_at: bookedAt,
    cancelled_at: null,
    cancel_reason: null,
    cancelled_by: null,
    seat: 1,
    user_seat: null,
    attendance: null,
    ...overrides,
  };
}

/**
 * The rules staff set (issue 15 item 3) as the shipped defaults give them: Mon-Fri 09:00-17:00 without
 * breaks, 30-minute slots of one seat, an hour's notice, 180 days ahead, 3 active bookings a user, and
 * no saved reminder minutes. Fresh objects each call, so a test may change them.
 */
export function makeBookingSettings(overrides: Partial<BookingSettings> = {}): BookingSettings {
  const weekday = () => ({ opens: '09:00', closes: '17:00', breaks: [] });
  return {
    weekly: [null, weekday(), weekday(), weekday(), weekday(), weekday(), null],
    holidays: [],
    exceptions: [],
    slotMinutes: 30,
    capacity: 1,
    minNoticeMinutes: 60,
    maxDaysAhead: 180,
    maxActivePerUser: 3,
    ...overrides,
  };
}
