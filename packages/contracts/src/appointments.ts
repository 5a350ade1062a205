import { z } from 'zod';
import { idFromText, idNumber, type ErrorCatalogue } from './core';

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

/**
 * Appointment ids are positive integers up to MAX_ID (core.ts says why); the mini-app reads
 * reschedule_id from its query string, so an id may come as text.
 */
export const AppointmentId = idFromText('must be an appointment id');

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
    .pipe(idNumber('must be an appointment id'))
    .nullish()
    .transform((id) => id ?? null),
});
export type CreateAppointmentRequest = z.input<typeof CreateAppointmentRequest>;
export type CreateAppointmentInput = z.output<typeof CreateAppointmentRequest>;

export const AppointmentStatus = z.enum(['booked', 'cancelled']);
export const Attendance = z.enum(['attended', 'no_show']);
export type Attendance = z.infer<typeof Attendance>;
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
  /** Issue 15 item 3: which of the slot's seats (1..capacity); unique per slot among booked rows. */
  seat: number;
  /** Which of the user's active-booking places (1..limit); unique per user among booked rows, null once past. */
  user_seat: number | null;
  /** Issue 15 item 5: staff mark a booking that has started attended or a no-show. */
  attendance: Attendance | null;
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
  /** Issue 15 item 5 (absent from older answers: null). */
  attendance: Attendance.nullable().default(null),
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
    /**
     * The opening hours in words, each group of days with its own hours and breaks ("Monday to
     * Thursday, 09:00-17:00; Friday, 09:00-12:00 (Asia/Bangkok time)"): `opens` and `closes` are the
     * first open day's, which the field's hint showed for every day.
     */
    hours: z.string(),
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
  /** Decision 0073: the day holds more bookings than one answer carries (the first ones by time are given). */
  truncated: z.boolean(),
});
export type StaffDayAnswer = z.infer<typeof StaffDayAnswer>;

export const CancelAppointmentRequest = z.object({
  reason: z.string().trim().min(1, 'is required').max(CANCEL_REASON_MAX_LENGTH, `must be at most ${CANCEL_REASON_MAX_LENGTH} characters`),
  /**
   * The start the staff member saw (the booking's `datetime`). A booking moved since is refused 409
   * `conflict` rather than cancelled at its new time (decision 0053). Optional: without it, as before.
   */
  expectedStart: IsoDateTime.optional(),
});
export type CancelAppointmentRequest = z.infer<typeof CancelAppointmentRequest>;
export const CancelAppointmentParams = z.object({ id: AppointmentId });
export const CancelAppointmentAnswer = z.object({ appointment: StaffAppointment });
export type CancelAppointmentAnswer = z.infer<typeof CancelAppointmentAnswer>;

/** A private calendar-feed URL for the signed-in staff member (shown once; a new one revokes the old). */
export const CalendarFeedAnswer = z.object({ url: z.string() });
export type CalendarFeedAnswer = z.infer<typeof CalendarFeedAnswer>;

// Issue 15: slots, rules staff set, my appointments. Features beside 001's calls; 001's stay as they are.

/** A calendar day, YYYY-MM-DD. */
export const DateOnly = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => isRealCalendarDate(d), 'is not a real date');

/** A time of day, HH:MM (24:00 allowed as an end). */
export const TimeOfDay = z.string({ error: 'must be a time (HH:MM)' }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time (HH:MM)');

const minutesOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One day's opening hours with its breaks (closed times inside them). */
export const OpeningHours = z
  .object({
    opens: TimeOfDay,
    closes: TimeOfDay,
    breaks: z.array(z.object({ start: TimeOfDay, end: TimeOfDay })).max(6, 'must have at most 6 breaks'),
  })
  .superRefine((h, ctx) => {
    if (minutesOfDay(h.closes) <= minutesOfDay(h.opens))
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'must be later than opens' });
    h.breaks.forEach((b, i) => {
      const start = minutesOfDay(b.start);
      const end = minutesOfDay(b.end);
      if (end <= start) ctx.addIssue({ code: 'custom', path: ['breaks', i, 'end'], message: 'must be later than the start' });
      else if (start < minutesOfDay(h.opens) || end > minutesOfDay(h.closes))
        ctx.addIssue({ code: 'custom', path: ['breaks', i], message: 'must lie within opening hours' });
    });
  });
export type OpeningHours = z.infer<typeof OpeningHours>;

const count = (min: number, max: number, what: string) =>
  z
    .number({ error: `must be a whole number of ${what}` })
    .int(`must be a whole number of ${what}`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/**
 * Issue 15 item 3: the rules staff set. `weekly` has 7 entries, 0 = Sunday, null = closed that day.
 * An exception replaces one date's hours (null = closed); a holiday closes a date, with a name.
 */
export const BookingSettings = z.object({
  weekly: z.array(OpeningHours.nullable()).length(7, 'must have 7 days, Sunday first'),
  holidays: z
    .array(z.object({ date: DateOnly, name: z.string().trim().max(100, 'must be at most 100 characters') }))
    .max(400, 'must have at most 400 holidays'),
  exceptions: z.array(z.object({ date: DateOnly, hours: OpeningHours.nullable() })).max(400, 'must have at most 400 exceptions'),
  slotMinutes: count(5, 480, 'minutes'),
  capacity: count(1, 50, 'seats'),
  minNoticeMinutes: count(0, 60 * 24 * 30, 'minutes'),
  maxDaysAhead: count(1, 3650, 'days'),
  maxActivePerUser: count(1, 50, 'bookings'),
  /**
   * Issue 15 item 4: minutes before a booking at which LINE reminds its user (e.g. 1440 and 60).
   * Absent in rules saved before it existed: APPOINTMENT_REMINDER_HOURS applies there.
   */
  reminderMinutes: z
    .array(count(1, 60 * 24 * 30, 'minutes'))
    .max(5, 'must have at most 5 reminders')
    .optional(),
});
export type BookingSettings = z.infer<typeof BookingSettings>;

/**
 * PUT /bureau/worker/staff/settings: the whole rule set; a date is a holiday or an exception once.
 * `expectedUpdatedAt` is the answer's `updatedAt` the page loaded (null: the configured defaults, never
 * saved): rules saved since are refused 409 `conflict` and nothing is written (decision 0053).
 * Optional: a caller without it replaces the rules as before. It is not stored with the rules.
 */
export const SaveBookingSettingsRequest = BookingSettings.extend({
  expectedUpdatedAt: IsoDateTime.nullable().optional(),
}).superRefine((s, ctx) => {
  const seen = new Set<string>();
  s.holidays.forEach((h, i) => {
    if (seen.has(h.date)) ctx.addIssue({ code: 'custom', path: ['holidays', i, 'date'], message: `lists ${h.date} twice` });
    seen.add(h.date);
  });
  const exceptionDates = new Set<string>();
  s.exceptions.forEach((e, i) => {
    if (exceptionDates.has(e.date)) ctx.addIssue({ code: 'custom', path: ['exceptions', i, 'date'], message: `lists ${e.date} twice` });
    exceptionDates.add(e.date);
  });
  // A date in both lists was a holiday silently ignored: hoursOn takes the one-off change first
  // (booking-rules.ts). Refused here, so what the page shows is what applies (issue 15 item 3).
  s.holidays.forEach((h, i) => {
    if (exceptionDates.has(h.date))
      ctx.addIssue({
        code: 'custom',
        path: ['holidays', i, 'date'],
        message: `${h.date} is also a one-off change: a date can be a holiday or have a one-off change, not both`,
      });
  });
});
export type SaveBookingSettingsRequest = z.infer<typeof SaveBookingSettingsRequest>;

export const BookingSettingsAnswer = z.object({
  timeZone: z.string(),
  settings: BookingSettings,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type BookingSettingsAnswer = z.infer<typeof BookingSettingsAnswer>;

/**
 * Decision 0055: a day the saved rules close (no times left), from today on, that needs staff's
 * attention: bookings made there before stay booked (this save newly closed the day), and people who
 * waited for it were told by LINE that their places ended.
 */
export const ClosedDayReport = z.object({
  date: z.string(),
  bookings: z.number().int(),
  waitlistEnded: z.number().int(),
});
export type ClosedDayReport = z.infer<typeof ClosedDayReport>;
/**
 * A day that stays open but whose hours the saved rules changed, with the bookings made before that now
 * lie outside them (before the opening, after the close, or in a break): they stay booked, for staff to
 * move or cancel (decision 0055's report, for hours rather than whole days).
 */
export const OutsideHoursReport = z.object({ date: z.string(), bookings: z.number().int() });
export type OutsideHoursReport = z.infer<typeof OutsideHoursReport>;
/**
 * A day, still open, where a save that lowered the seats per slot left more bookings at once than the
 * new seats (decision 0055, amended): each time one of them starts with more bookings under way than
 * seats, and how many. They keep their seats (decision 0052), for staff to move or cancel.
 */
export const OverSeatsReport = z.object({
  date: z.string(),
  slots: z.array(z.object({ start: z.string(), bookings: z.number().int() })),
});
export type OverSeatsReport = z.infer<typeof OverSeatsReport>;
/** PUT /bureau/worker/staff/settings: the rules now in force, and what the save closed, left outside its hours or over its seats (decision 0055). */
export const SaveBookingSettingsAnswer = BookingSettingsAnswer.extend({
  closedDays: z.array(ClosedDayReport),
  outsideHours: z.array(OutsideHoursReport),
  overSeats: z.array(OverSeatsReport),
});
export type SaveBookingSettingsAnswer = z.infer<typeof SaveBookingSettingsAnswer>;

/** Issue 15 item 1: GET /bureau/worker/availability?days=N. */
export const AVAILABILITY_MAX_DAYS = 90;
export const AvailabilityQuery = z.object({
  days: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(AVAILABILITY_MAX_DAYS, `must be at most ${AVAILABILITY_MAX_DAYS}`)
    .default(14),
});
export const AvailableSlot = z.object({ start: z.string(), end: z.string(), free: z.number().int() });
export const AvailableDay = z.object({
  date: z.string(),
  /** Open that day (some slot on the plan), even if every slot is taken or too soon. */
  open: z.boolean(),
  /** Open, bookable slots existed, and all are taken (issue 15 item 6: the waitlist's day). */
  full: z.boolean(),
  slots: z.array(AvailableSlot),
});
export const AvailabilityAnswer = z.object({
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  /** The first free slot's start, or null when none in the range. */
  next: z.string().nullable(),
  days: z.array(AvailableDay),
});
export type AvailabilityAnswer = z.infer<typeof AvailabilityAnswer>;
export type AvailableDay = z.infer<typeof AvailableDay>;

/** Issue 15 item 2: GET /bureau/worker/my-appointments?userId= (the LINE user's own bookings). */
export const MyAppointmentsQuery = z.object({ userId: LineUserId });
export const MyAppointmentsAnswer = z.object({
  timeZone: z.string(),
  /** Not yet started, soonest first; cancelled ones included (their status says so). */
  upcoming: z.array(Appointment),
  /** Started or over, latest first (at most 20). */
  past: z.array(Appointment),
});
export type MyAppointmentsAnswer = z.infer<typeof MyAppointmentsAnswer>;

/** Issue 15 item 2: POST /bureau/worker/cancel-appointment {userId, id}: the LINE user cancels their own booking. */
export const CancelMyAppointmentRequest = z.object({ userId: LineUserId, id: AppointmentId });
export type CancelMyAppointmentRequest = z.input<typeof CancelMyAppointmentRequest>;
export const CancelMyAppointmentAnswer = z.object({ appointment: Appointment });
export type CancelMyAppointmentAnswer = z.infer<typeof CancelMyAppointmentAnswer>;

/** Issue 15 item 5: the staff calendar over a range of days (day and week views, CSV export). */
export const STAFF_RANGE_MAX_DAYS = 62;
export const StaffRangeQuery = z
  .object({ from: DateOnly, to: DateOnly })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must not be before from' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STAFF_RANGE_MAX_DAYS, {
    path: ['to'],
    message: `must be at most ${STAFF_RANGE_MAX_DAYS} days after from`,
  });
export type StaffRangeQuery = z.infer<typeof StaffRangeQuery>;
export const StaffRangeAnswer = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  appointments: z.array(StaffAppointment),
  /**
   * Decision 0073: the range holds more bookings than one answer carries (APPOINTMENT_STAFF_LIST_MAX_ROWS):
   * `appointments` are the first ones by time, and the page says so. The CSV export holds them all.
   */
  truncated: z.boolean(),
});
export type StaffRangeAnswer = z.infer<typeof StaffRangeAnswer>;

/** POST /bureau/worker/staff/appointments/:id/attendance {attendance}: attended, no-show, or null to clear. */
export const AttendanceRequest = z.object({ attendance: Attendance.nullable() });
export type AttendanceRequest = z.infer<typeof AttendanceRequest>;

/** One change on the staff event stream (GET /bureau/worker/staff/events, server-sent events). */
export const StaffAppointmentEvent = z.object({
  kind: z.enum(['booked', 'moved', 'cancelled', 'attendance', 'reload']),
  id: z.number().optional(),
  datetime: z.string().optional(),
});
export type StaffAppointmentEvent = z.infer<typeof StaffAppointmentEvent>;

/** Issue 15 item 6: POST /bureau/worker/waitlist {userId, date}: join a full day's waitlist. */
export const JoinWaitlistRequest = z.object({ userId: LineUserId, date: DateOnly });
export type JoinWaitlistRequest = z.infer<typeof JoinWaitlistRequest>;
export const WaitlistEntry = z.object({
  date: z.string(),
  status: z.enum(['waiting', 'offered', 'booked', 'expired']),
  /** 1 = next to be offered a freed slot (waiting entries only). */
  position: z.number().int().nullable(),
  offeredStart: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
});
export const WaitlistAnswer = z.object({ entry: WaitlistEntry });
export type WaitlistAnswer = z.infer<typeof WaitlistAnswer>;

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
  'appointments.already_booked': { status: 409, sentence: 'You already have an appointment at this time.' },
  'appointments.other_line_user': { status: 403, sentence: 'This request was made for another LINE user.' },
  'appointments.day_not_full': { status: 409, sentence: 'This day still has free times. Please book one of them instead.' },
  'appointments.booked_that_day': {
    status: 409,
    sentence: 'You already have an appointment on this day, so you cannot wait for another one. Reschedule it instead.',
  },
  'appointments.not_started': { status: 409, sentence: 'This appointment has not started yet, so attendance cannot be marked.' },
  'appointments.too_many_active': {
    status: 409,
    sentence: 'You already have the most upcoming appointments allowed. Please cancel or reschedule one first.',
  },
} as const satisfies ErrorCatalogue;
export type AppointmentsErrorCode = keyof typeof APPOINTMENTS_ERRORS;
