import { z } from 'zod';
import type { ErrorCatalogue } from './core';

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
});
export type MyRegistrationAnswer = z.infer<typeof MyRegistrationAnswer>;

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `must be a ${label} number` })
    .int(`must be a whole ${label} number`)
    .min(1, `must be a ${label} number`)
    .max(2_147_483_647, `must be a ${label} number`);

/** POST /sports/api/register-sport {sport_id}. */
export const RegisterSportRequest = z.object({ sport_id: z.number().int().min(1).max(2_147_483_647) }).strict();
export type RegisterSportRequest = z.infer<typeof RegisterSportRequest>;

/** POST /sports/api/register-sport and /registration/withdraw answer this. */
export const RegistrationChangeAnswer = z.object({ message: z.string() });
export type RegistrationChangeAnswer = z.infer<typeof RegistrationChangeAnswer>;

/** POST /sports/api/logout (the Logout button of 002 §2 ends the server session too). */
export const SportsLogoutAnswer = z.object({ message: z.string() });

/** GET /sports/api/admin/sport-registrations?sportId= (also .csv and .pdf). */
export const SportRegistrationsQuery = z.object({ sportId: positiveId('sport') });
export type SportRegistrationsQuery = z.input<typeof SportRegistrationsQuery>;

/** 002 §3 Admin registration row. */
export const AdminRegistrationRow = z.object({
  registration_id: z.number().int(),
  student_id: z.string(),
  student_email: z.string().nullable(),
  /** ISO 8601. */
  registration_date: z.string(),
  status: RegistrationStatus,
});
export type AdminRegistrationRow = z.infer<typeof AdminRegistrationRow>;

export const SportRegistrationsAnswer = z.array(AdminRegistrationRow);
export type SportRegistrationsAnswer = z.infer<typeof SportRegistrationsAnswer>;

/**
 * POST /sports/api/admin/update-registration-status {registration_id, status}, 002 §7's fields. Ours:
 * the optional student_id is the student the admin saw on that row; when it is sent and the row is
 * now someone else's, the change is refused (issue 10 item 10: a stale table must not change the
 * wrong student).
 */
export const UpdateRegistrationStatusRequest = z
  .object({
    registration_id: z.number().int().min(1).max(2_147_483_647),
    status: RegistrationStatus,
    student_id: z.string().min(1).max(32).optional(),
  })
  .strict();
export type UpdateRegistrationStatusRequest = z.infer<typeof UpdateRegistrationStatusRequest>;

export const UpdateRegistrationStatusAnswer = z.object({ message: z.string(), registration: AdminRegistrationRow });
export type UpdateRegistrationStatusAnswer = z.infer<typeof UpdateRegistrationStatusAnswer>;

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
  description: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
  total_spots: z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(10_000, 'must be at most 10000'),
  eligibility_level: EligibilityLevel,
});
export type SportInput = z.input<typeof SportInput>;

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
} as const satisfies ErrorCatalogue;
export type SportsErrorCode = keyof typeof SPORTS_ERRORS;
