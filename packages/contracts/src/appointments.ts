import { z } from 'zod';
import type { ErrorCatalogue } from './core';

// 001 §2 "Appointment mini-app", §3, §5 and §7: the LINE mini-app's calls. The body field names of
// register-user and create-appointment are the spec's own (ARCHITECTURE.md §1: seed call tables are
// contracts); the caller's identity travels beside them as `Authorization: Bearer <LIFF ID token>`.

/** Longest topic the server stores (001 §9 leaves limits to us; README states it). */
export const TOPIC_MAX_LENGTH = 200;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const CANCEL_REASON_MAX_LENGTH = 500;

/** A LINE user id ("U" + 32 hex in production; the LIFF mock and fakes use shorter ones). */
export const LineUserId = z.string({ error: 'must be a LINE user id' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a LINE user id');

/** 001 §3 User registration payload: userId, displayName, both from the platform profile. */
export const RegisterUserRequest = z.object({
  userId: LineUserId,
  displayName: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(DISPLAY_NAME_MAX_LENGTH, `must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`),
});
export type RegisterUserRequest = z.infer<typeof RegisterUserRequest>;

export const LineUser = z.object({
  userId: z.string(),
  displayName: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type LineUser = z.infer<typeof LineUser>;
export const RegisterUserAnswer = z.object({ user: LineUser });
export type RegisterUserAnswer = z.infer<typeof RegisterUserAnswer>;

/** An ISO 8601 timestamp with a zone (001 §9: "datetime is sent in ISO form") naming a real date. */
export const IsoDateTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO date and time, e.g. 2030-01-07T10:00:00.000Z' })
  .refine((value) => isRealCalendarDate(value), 'is not a real date');

function isRealCalendarDate(value: string): boolean {
  // Date.parse rolls 30 February over into March; compare the written date with the parsed one.
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** Appointment ids are positive integers; the mini-app reads reschedule_id from its query string. */
export const AppointmentId = z.coerce
  .number({ error: 'must be an appointment id' })
  .int('must be an appointment id')
  .positive('must be an appointment id')
  .max(2 ** 31 - 1, 'must be an appointment id');

/** 001 §3 Appointment request payload: userId, datetime (ISO), topic (text or null), reschedule_id (id or null). */
export const CreateAppointmentRequest = z.object({
  userId: LineUserId,
  datetime: IsoDateTime,
  // 001 §5: the topic is trimmed and sent as null if empty; the server applies the same rule.
  topic: z
    .string({ error: 'must be text or null' })
    .max(TOPIC_MAX_LENGTH * 4, `must be at most ${TOPIC_MAX_LENGTH} characters`)
    .transform((t) => t.trim())
    .pipe(z.string().max(TOPIC_MAX_LENGTH, `must be at most ${TOPIC_MAX_LENGTH} characters`))
    .transform((t) => (t === '' ? null : t))
    .nullish()
    .transform((t) => t ?? null),
  reschedule_id: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,10}$/, 'must be an appointment id')
          .transform(Number),
      ],
      {
        error: 'must be an appointment id or null',
      },
    )
    .pipe(
      z
        .number()
        .int('must be an appointment id')
        .positive('must be an appointment id')
        .max(2 ** 31 - 1, 'must be an appointment id'),
    )
    .nullish()
    .transform((id) => id ?? null),
});
export type CreateAppointmentRequest = z.input<typeof CreateAppointmentRequest>;
export type CreateAppointmentInput = z.output<typeof CreateAppointmentRequest>;

export const AppointmentStatus = z.enum(['booked', 'cancelled']);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

/**
 * A stored booking (001 §3: "The stored shape of an appointment is not shown"; this is Guildhall's),
 * declared once for the server's table and the testkit's factory. Times are epoch milliseconds.
 */
export interface StoredAppointment {
  line_user_id: string;
  starts_at: number;
  ends_at: number;
  topic: string | null;
  status: AppointmentStatus;
  reschedule_count: number;
  created_at: number;
  updated_at: number;
  cancelled_at: number | null;
  cancel_reason: string | null;
  cancelled_by: string | null;
}

export const Appointment = z.object({
  id: z.number(),
  userId: z.string(),
  /** ISO timestamp (UTC) of the slot's start. */
  datetime: z.string(),
  /** ISO timestamp of the slot's end. */
  endsAt: z.string(),
  topic: z.string().nullable(),
  status: AppointmentStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type Appointment = z.infer<typeof Appointment>;

export const CreateAppointmentAnswer = z.object({ appointment: Appointment, rescheduled: z.boolean() });
export type CreateAppointmentAnswer = z.infer<typeof CreateAppointmentAnswer>;

/** GET /bureau/worker/config: what the mini-app needs before liff.init. */
export const WorkerConfigAnswer = z.object({
  liffId: z.string().nullable(),
  /** Development and tests only: the web app loads @line/liff-mock. */
  mock: z.boolean(),
  booking: z.object({
    timeZone: z.string(),
    days: z.array(z.number().int().min(0).max(6)),
    opens: z.string(),
    closes: z.string(),
    slotMinutes: z.number().int(),
    maxDaysAhead: z.number().int(),
  }),
  /** With the mock only: LINE profiles the page may pretend to be (?mock_user=<userId>). */
  mockUsers: z.array(z.object({ userId: z.string(), displayName: z.string() })).optional(),
});
export type WorkerConfigAnswer = z.infer<typeof WorkerConfigAnswer>;

/** Development with LIFF_MOCK only: an ID token for the mocked LINE profile, minted by the fake LINE. */
export const MockIdTokenRequest = RegisterUserRequest;
export const MockIdTokenAnswer = z.object({ idToken: z.string() });
export type MockIdTokenAnswer = z.infer<typeof MockIdTokenAnswer>;

// Staff view (/bureau/appointments): bureau-staff only.
export const StaffDayQuery = z.object({
  date: z
    .string({ error: 'must be a date (YYYY-MM-DD)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
    .refine((d) => isRealCalendarDate(d), 'is not a real date'),
});
export type StaffDayQuery = z.infer<typeof StaffDayQuery>;

export const StaffAppointment = Appointment.extend({ displayName: z.string().nullable() });
export type StaffAppointment = z.infer<typeof StaffAppointment>;

export const StaffDayAnswer = z.object({
  date: z.string(),
  timeZone: z.string(),
  appointments: z.array(StaffAppointment),
});
export type StaffDayAnswer = z.infer<typeof StaffDayAnswer>;

export const CancelAppointmentRequest = z.object({
  reason: z.string().trim().min(1, 'is required').max(CANCEL_REASON_MAX_LENGTH, `must be at most ${CANCEL_REASON_MAX_LENGTH} characters`),
});
export type CancelAppointmentRequest = z.infer<typeof CancelAppointmentRequest>;
export const CancelAppointmentParams = z.object({ id: AppointmentId });
export const CancelAppointmentAnswer = z.object({ appointment: StaffAppointment });
export type CancelAppointmentAnswer = z.infer<typeof CancelAppointmentAnswer>;

/** A private calendar-feed URL for the signed-in staff member (shown once; a new one revokes the old). */
export const CalendarFeedAnswer = z.object({ url: z.string() });
export type CalendarFeedAnswer = z.infer<typeof CalendarFeedAnswer>;

/** Appointments' own error codes (001 §8 texts; decision 0017). */
export const APPOINTMENTS_ERRORS = {
  'appointments.slot_taken': { status: 409, sentence: 'This time slot has already been booked. Please choose another time.' },
  'appointments.cancelled': {
    status: 409,
    sentence: 'This appointment was cancelled, so it cannot be rescheduled. Please book a new one.',
  },
  'appointments.already_started': {
    status: 409,
    sentence: 'This appointment has already started, so it cannot be rescheduled. Please book a new one.',
  },
  'appointments.already_cancelled': { status: 409, sentence: 'This appointment is already cancelled.' },
  'appointments.other_line_user': { status: 403, sentence: 'This request was made for another LINE user.' },
} as const satisfies ErrorCatalogue;
export type AppointmentsErrorCode = keyof typeof APPOINTMENTS_ERRORS;
