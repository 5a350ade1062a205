import { z } from 'zod';
import { MAX_ID, idNumber, type ErrorCatalogue } from './core';

// 002 §7 Sports API: every path, payload field and answer field name below is the spec's own
// (ARCHITECTURE.md §1: seed call tables are contracts). Answers the spec does not show are
// Guildhall's design, kept small.

/** 002 §3 Sport.eligibility_level. */
export const EligibilityLevel = z.enum(['morton', 'morplai', 'open']);
export type EligibilityLevel = z.infer<typeof EligibilityLevel>;

/** 002 §5: the level a student ID gives ('none' when no prefix matches). */
export const StudentLevel = z.enum(['morton', 'morplai', 'none']);
export type StudentLevel = z.infer<typeof StudentLevel>;

/** 002 §3 My registration.status and §4 Sport registration. */
export const RegistrationStatus = z.enum(['pending_selection', 'selected', 'reserve', 'not_selected']);
export type RegistrationStatus = z.infer<typeof RegistrationStatus>;

/** 002 §9 Eligibility labels. */
export const ELIGIBILITY_LABELS: Record<EligibilityLevel, string> = {
  morton: 'ม.ต้น Only',
  morplai: 'ม.ปลาย Only',
  open: 'Open to All',
};

/** The words a person reads for each status (002 §4: selected is Main Player, reserve is Reserve Player). */
export const STATUS_LABELS: Record<RegistrationStatus, string> = {
  pending_selection: 'Pending Selection',
  selected: 'Main Player',
  reserve: 'Reserve Player',
  not_selected: 'Not Selected',
};

/** 002 §3 Sport. */
export const Sport = z.object({
  sport_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  total_spots: z.number().int(),
  selected_count: z.number().int(),
  pending_count: z.number().int(),
  eligibility_level: EligibilityLevel,
  // Issue 16 (decision 0033), beside 002's fields; defaults keep older answers readable.
  /** Reserves waiting for a Main Player's place, in order. */
  reserve_count: z.number().int().default(0),
  /** School-local dates (YYYY-MM-DD, SCHOOL_TIME_ZONE), both inclusive; null = no limit. */
  registration_opens_on: z.string().nullable().default(null),
  registration_closes_on: z.string().nullable().default(null),
  /** Whether today (school-local) lies within this sport's dates; the switch in Settings applies too. */
  registration_window_open: z.boolean().default(true),
  /** One of SPORT_IMAGES, or null: chosen from the name (002 §7). */
  image: z.string().nullable().default(null),
  /** Archived sports: hidden from students, shown to admins. */
  archived: z.boolean().default(false),
});
export type Sport = z.infer<typeof Sport>;

/** GET /sports/api/sports: the sports this account may see (002 §5), as a bare list like the original. */
export const SportsAnswer = z.array(Sport);
export type SportsAnswer = z.infer<typeof SportsAnswer>;

/** GET /sports/api/settings/registration-status (002 §3 Settings). */
export const RegistrationSettingsAnswer = z.object({ isRegistrationOpen: z.boolean() });
export type RegistrationSettingsAnswer = z.infer<typeof RegistrationSettingsAnswer>;

/** POST /sports/api/admin/settings/registration-status: admins open or close registration. */
export const SetRegistrationOpenRequest = z.object({ isRegistrationOpen: z.boolean() }).strict();
export type SetRegistrationOpenRequest = z.infer<typeof SetRegistrationOpenRequest>;

/** GET /sports/api/my-registration (002 §3 My registration: sport_name, status; the rest is ours). 404 when none. */
export const MyRegistrationAnswer = z.object({
  registration_id: z.number().int(),
  sport_id: z.number().int(),
  sport_name: z.string(),
  status: RegistrationStatus,
  registration_date: z.string(),
  /** Issue 16: a reserve's place on the sport's waiting list (1 = next to move up); null otherwise. */
  waiting_position: z.number().int().nullable().default(null),
  /** Issue 16: when the student moved up from the waiting list to Main Player (ISO 8601); null otherwise. */
  moved_up_at: z.string().nullable().default(null),
});
export type MyRegistrationAnswer = z.infer<typeof MyRegistrationAnswer>;

/** A sport or registration id in a path or query string, held to MAX_ID (core.ts says why). */
const positiveId = (label: string) =>
  z.coerce
    .number({ error: `must be a ${label} number` })
    .int(`must be a whole ${label} number`)
    .min(1, `must be a ${label} number`)
    .max(MAX_ID, `must be a ${label} number`);

/** POST /sports/api/register-sport {sport_id}. */
export const RegisterSportRequest = z.object({ sport_id: idNumber() }).strict();
export type RegisterSportRequest = z.infer<typeof RegisterSportRequest>;

/** POST /sports/api/register-sport and /registration/withdraw answer this. */
export const RegistrationChangeAnswer = z.object({ message: z.string() });
export type RegistrationChangeAnswer = z.infer<typeof RegistrationChangeAnswer>;

/** POST /sports/api/logout (the Logout button of 002 §2 ends the server session too). */
export const SportsLogoutAnswer = z.object({ message: z.string() });

/** GET /sports/api/admin/sport-registrations?sportId= (also .csv and .pdf). */
export const SportRegistrationsQuery = z.object({
  sportId: positiveId('sport'),
  /** Issue 16: only the rows of this status. */
  status: RegistrationStatus.optional(),
});
export type SportRegistrationsQuery = z.input<typeof SportRegistrationsQuery>;

/** Issue 16 item 1: the languages the school tools speak; the printed list follows the person printing. */
export const SchoolLanguage = z.enum(['en', 'th']);
export type SchoolLanguage = z.infer<typeof SchoolLanguage>;

/** GET /sports/api/admin/sport-registrations.pdf?sportId=&lang= (without lang: Accept-Language, else English). */
export const PrintRegistrationsQuery = SportRegistrationsQuery.extend({ lang: SchoolLanguage.optional() });

/** 002 §3 Admin registration row. */
export const AdminRegistrationRow = z.object({
  registration_id: z.number().int(),
  student_id: z.string(),
  student_email: z.string().nullable(),
  /** ISO 8601. */
  registration_date: z.string(),
  status: RegistrationStatus,
  /** Issue 16: a reserve's place on the waiting list; null otherwise. */
  waiting_position: z.number().int().nullable().default(null),
});
export type AdminRegistrationRow = z.infer<typeof AdminRegistrationRow>;

export const SportRegistrationsAnswer = z.array(AdminRegistrationRow);
export type SportRegistrationsAnswer = z.infer<typeof SportRegistrationsAnswer>;

/** Decision 0070: the Admin Panel's list arrives a page at a time (ARCHITECTURE.md §7); 002 §9 leaves page sizes open. */
export const REGISTRATIONS_PAGE_SIZE = 50;
export const REGISTRATIONS_PAGE_MAX = 200;
/** A page's answer headers: the rows of every page together, and the `after` of the next page (absent on the last). */
export const REGISTRATIONS_TOTAL_HEADER = 'x-total-count';
export const REGISTRATIONS_NEXT_HEADER = 'x-next-cursor';

/**
 * Where the previous page ended: `<registration_date in epoch ms>.<registration_id>` of its last row.
 * Both, because rows registered in the same millisecond are ordered by id, and a row withdrawn since
 * (withdrawals delete) must not lose the place. Bounded as their columns compare (core.ts MAX_ID).
 */
const RegistrationCursor = z
  .string()
  .regex(/^\d{1,16}\.\d{1,10}$/, 'must be the next cursor of the previous page')
  .transform((text) => {
    const [createdAt, id] = text.split('.').map(Number) as [number, number];
    return { createdAt, id };
  })
  .refine(
    ({ createdAt, id }) => Number.isSafeInteger(createdAt) && id >= 1 && id <= MAX_ID,
    'must be the next cursor of the previous page',
  );

/**
 * Decision 0070: GET /sports/api/admin/sport-registrations?sportId=&status=&limit=&after=. Without
 * limit and after it answers 002 §7's whole list, as ever; with either, one page of it (limit rows,
 * REGISTRATIONS_PAGE_SIZE unless asked) after the cursor, still a list of rows, the rest in headers.
 */
export const SportRegistrationsListQuery = SportRegistrationsQuery.extend({
  after: RegistrationCursor.optional(),
  limit: z.coerce.number().int().min(1).max(REGISTRATIONS_PAGE_MAX).optional(),
});

/**
 * POST /sports/api/admin/update-registration-status {registration_id, status}, 002 §7's fields. Ours:
 * the optional student_id is the student the admin saw on that row; when it is sent and the row is
 * now someone else's, the change is refused (issue 10 item 10: a stale table must not change the
 * wrong student).
 */
export const UpdateRegistrationStatusRequest = z
  .object({
    registration_id: idNumber(),
    status: RegistrationStatus,
    student_id: z.string().min(1).max(32).optional(),
    /** Issue 16: selecting more Main Players than the sport's spots needs the lead's confirmation. */
    confirm_over_capacity: z.boolean().optional(),
  })
  .strict();
export type UpdateRegistrationStatusRequest = z.infer<typeof UpdateRegistrationStatusRequest>;

export const UpdateRegistrationStatusAnswer = z.object({
  message: z.string(),
  registration: AdminRegistrationRow,
  /** Issue 16: the reserves who moved up to Main Player because of this change, in order. */
  moved_up: z.array(AdminRegistrationRow).default([]),
});
export type UpdateRegistrationStatusAnswer = z.infer<typeof UpdateRegistrationStatusAnswer>;

/** Issue 16: POST /sports/api/admin/update-registration-statuses, one status for several rows of one sport, all or none. */
export const BulkUpdateRegistrationStatusRequest = z
  .object({
    sport_id: idNumber(),
    registration_ids: z
      .array(idNumber())
      .min(1, 'must name at least one registration')
      .max(500, 'must name at most 500 registrations')
      .refine((ids) => new Set(ids).size === ids.length, 'must not name a registration twice'),
    status: RegistrationStatus,
    confirm_over_capacity: z.boolean().optional(),
  })
  .strict();
export type BulkUpdateRegistrationStatusRequest = z.infer<typeof BulkUpdateRegistrationStatusRequest>;

export const BulkUpdateRegistrationStatusAnswer = z.object({
  message: z.string(),
  registrations: z.array(AdminRegistrationRow),
  moved_up: z.array(AdminRegistrationRow),
});
export type BulkUpdateRegistrationStatusAnswer = z.infer<typeof BulkUpdateRegistrationStatusAnswer>;

/** Issue 16: GET /sports/api/admin/registration-counts?sportId=, the count of each status. */
export const RegistrationCountsAnswer = z.object({
  sport_id: z.number().int(),
  total_spots: z.number().int(),
  counts: z.object({
    pending_selection: z.number().int(),
    selected: z.number().int(),
    reserve: z.number().int(),
    not_selected: z.number().int(),
  }),
});
export type RegistrationCountsAnswer = z.infer<typeof RegistrationCountsAnswer>;

/**
 * GET /sports/api/config: the fixed student ID the Soviet login checks its password against (002 §4,
 * §9), the level prefixes (002 §5) for the level badge, and the school's time zone (SCHOOL_TIME_ZONE)
 * the admin table shows dates in, as the printed list does. Configuration, not secrets.
 */
export const SportsConfigAnswer = z.object({
  sovietStudentId: z.string(),
  levelPrefixes: z.object({ morton: z.array(z.string()), morplai: z.array(z.string()) }),
  timeZone: z.string(),
});
export type SportsConfigAnswer = z.infer<typeof SportsConfigAnswer>;

/** 002 §5 level from the first four digits of a student ID, given the configured prefixes. */
export function levelOf(studentId: string, prefixes: SportsConfigAnswer['levelPrefixes']): StudentLevel {
  if (studentId.length < 4) return 'none';
  const head = studentId.slice(0, 4);
  if (prefixes.morton.includes(head)) return 'morton';
  if (prefixes.morplai.includes(head)) return 'morplai';
  return 'none';
}

/** One sport of a CSV import or `cli import-sports` (name is the natural key: re-import updates). */
export const SportInput = z.object({
  name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  // Decision 0063: optional, no default. A CSV without a description column leaves the stored
  // description alone (it was wiped to ''); a present but empty cell still clears it.
  description: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  // A CSV cell is text: only a plain number is read as one. z.coerce alone read a blank cell as 0 (a
  // sport full before anyone registered, decision 0033) and "0x10" as 16; now a blank cell is "is
  // required" and other text "must be a whole number", as on the Admin Panel's form.
  total_spots: z.preprocess(
    (v) => (typeof v !== 'string' ? v : v.trim() === '' ? undefined : /^[+-]?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a whole number') })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(10_000, 'must be at most 10000'),
  ),
  eligibility_level: EligibilityLevel,
});
export type SportInput = z.input<typeof SportInput>;

/** Issue 16 item 4: the pictures a lead may choose for a sport card (null: chosen from the name, 002 §7). */
export const SPORT_IMAGES = [
  'football',
  'basketball',
  'volleyball',
  'badminton',
  'takraw',
  'swimming',
  'tennis',
  'table-tennis',
  'athletics',
  'chess',
] as const;
export const SportImage = z.enum(SPORT_IMAGES);

const schoolDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'must be a real date',
  );

/**
 * The sport as the edit form opened it (decision 0061, as 0051 for bureau cases): two leads editing one
 * sport no longer overwrite each other unseen. Each field optional, compared as stored.
 */
export const SportEditExpected = z
  .object({
    name: z.string().max(1000),
    description: z.string().max(10_000),
    total_spots: z.number().int(),
    eligibility_level: EligibilityLevel,
    image: z.string().max(100).nullable(),
    registration_opens_on: z.string().max(100).nullable(),
    registration_closes_on: z.string().max(100).nullable(),
  })
  .partial()
  .strict();
export type SportEditExpected = z.infer<typeof SportEditExpected>;

/** Issue 16 item 4: create or edit a sport on a page (POST /admin/sports, PUT /admin/sports/:id). */
export const SportEditRequest = z
  .object({
    name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    description: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
    total_spots: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(10_000, 'must be at most 10000'),
    eligibility_level: EligibilityLevel,
    image: SportImage.nullable().default(null),
    registration_opens_on: schoolDate.nullable().default(null),
    registration_closes_on: schoolDate.nullable().default(null),
    /** PUT only (decision 0061): the sport as the form opened it; a sport changed since is refused, 409 conflict. */
    expected: SportEditExpected.optional(),
    /** Decision 0061: lowering the spots below the Main Players already chosen needs the lead's confirmation (as 0033's selecting past them). */
    confirm_over_capacity: z.boolean().optional(),
  })
  .strict()
  .refine((s) => !s.registration_opens_on || !s.registration_closes_on || s.registration_opens_on <= s.registration_closes_on, {
    message: 'must not be before the opening date',
    path: ['registration_closes_on'],
  });
export type SportEditRequest = z.input<typeof SportEditRequest>;

/** Issue 16 item 4: POST /admin/sports/:id/archive {archived}. */
export const ArchiveSportRequest = z.object({ archived: z.boolean() }).strict();

export const SportIdParams = z.object({ id: positiveId('sport') });

/** 002 §9: spots left = total_spots - selected_count, never shown below zero. */
export function spotsLeft(sport: Pick<Sport, 'total_spots' | 'selected_count'>): number {
  return Math.max(0, sport.total_spots - sport.selected_count);
}

/** Sports' own error codes (002 §7 texts; decision 0017). */
export const SPORTS_ERRORS = {
  'sports.students_only': { status: 403, sentence: 'Only students register for tryouts.' },
  'sports.admins_only': { status: 403, sentence: 'Only developers and sports leads can manage registrations.' },
  'sports.registration_closed': { status: 403, sentence: 'Registration is currently closed.' },
  'sports.not_for_your_level': { status: 404, sentence: 'This sport is not available for your level.' },
  'sports.already_registered': { status: 409, sentence: 'You are already registered for a sport. A student may register for one sport.' },
  'sports.not_selected': { status: 409, sentence: 'You were not selected for this sport this time; you may register for another sport.' },
  // 002 §7 GET /api/my-registration: "a 404 means no registration"; the page shows the sports to choose.
  'sports.no_registration': { status: 404, sentence: 'You have not registered for a sport.' },
  'sports.nothing_to_withdraw': { status: 404, sentence: 'You have no registration to withdraw.' },
  'sports.withdraw_locked': { status: 409, sentence: 'Your registration can no longer be withdrawn.' },
  'sports.registration_gone': { status: 404, sentence: 'This registration no longer exists; the student may have withdrawn.' },
  'sports.list_out_of_date': {
    status: 409,
    sentence: "This registration is no longer that student's: the list was out of date. Reload it and try again.",
  },
  'sports.student_already_active': {
    status: 409,
    sentence: 'This student is already registered for another sport, so this registration cannot be made active again.',
  },
  // Issue 16 (decision 0033).
  'sports.team_full': {
    status: 409,
    sentence: 'This team has no Main Player spots left. Confirm to select over capacity.',
  },
  'sports.registration_not_open_yet': { status: 403, sentence: 'Registration for this sport has not opened yet.' },
  'sports.registration_deadline_passed': { status: 403, sentence: 'Registration for this sport has closed.' },
  // Issue 16 item 4: a sport archived after the student's list was loaded (403 like the other
  // "registration for this sport is not open" refusals; not 404 not_for_your_level, which is untrue).
  'sports.sport_archived': { status: 403, sentence: 'This sport is no longer open for registration.' },
  'sports.name_taken': { status: 409, sentence: 'A sport with this name already exists.' },
  // Decision 0063: an archived sport is kept as it was archived; the Admin Panel restores it first.
  'sports.archived_not_editable': { status: 409, sentence: 'This sport is archived. Restore it before editing it.' },
  'sports.wrong_sport': { status: 409, sentence: 'Some of these registrations are not for this sport. Reload the list and try again.' },
} as const satisfies ErrorCatalogue;
export type SportsErrorCode = keyof typeof SPORTS_ERRORS;

/** Issue 16 item 1: which of a code's sentences a refusal is (`details.reason`), as TIMETABLE_REFUSAL_REASONS. */
// Decision 0061: sport_changed (core's `conflict`) says what changed under the edit form;
// spots_below_team (sports.team_full) that the new spots are fewer than the Main Players chosen.
export const SPORTS_REFUSAL_REASONS = ['sport_missing', 'sport_changed', 'spots_below_team'] as const;
export type SportsRefusalReason = (typeof SPORTS_REFUSAL_REASONS)[number];
