import { z } from 'zod';
import { MAX_ID, idNumber, type ErrorCatalogue } from './core';

// Contracts of the staff recruitment portal (spec 000). Every method, path, payload field and answer
// field of 000 §7 is kept; fields beyond those (000 §7: "not shown") are Guildhall's own and say so.

// 000 §9 Business constants.
export const DEFAULT_STAGE_COLOR = '#6c757d';
export const QUESTION_TYPES = ['text', 'file', 'multiple-choice'] as const;
export const APPLICATION_STATUSES = ['Pending', 'Accepted', 'Declined'] as const;
/** 000 §9: the setting value that means an unset date. */
export const UNSET_DATE = 'N/A';

export const QuestionType = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionType>;
export const ApplicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

/** Where uploaded files are served; a file answer is one of these paths (000 §2: 'View Uploaded File'). */
export const UPLOAD_PATH_PREFIX = '/recruitment/api/uploads/';
export const UPLOAD_PATH_PATTERN = /^\/recruitment\/api\/uploads\/([0-9a-f-]{36})\/[^/]+$/;
/** The one URL of an uploaded file: its id and its (sanitised) name. */
export const uploadUrl = (id: string, fileName: string) => `${UPLOAD_PATH_PREFIX}${id}/${encodeURIComponent(fileName)}`;
/** The file name an upload URL carries: the name the server stored and serves (sanitised, its extension fitting the bytes). */
export const uploadFileName = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));

/** Limits Guildhall chooses (000 §9: "not shown"). */
export const LIMITS = {
  name: 100,
  questionText: 500,
  option: 200,
  options: 50,
  answer: 5000,
  feedback: 5000,
  note: 5000,
  announcement: 2000,
  search: 100,
  pageSizeMax: 200,
  pageSizeDefault: 50,
} as const;

/** 000 §5 leaves server validation to us: every id a request carries is held to core's MAX_ID (000 §6 admin calls). */
const withinIdRange = (id: number) => id <= MAX_ID;

/** A numeric id in a path (`/applications/{id}/update`): digits only. */
export const IdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a numeric id')
    .transform(Number)
    .refine(withinIdRange, 'must be a numeric id'),
});
export type IdParams = z.infer<typeof IdParams>;

/** Required text: messages are fragments after the field's name, which they never repeat (issue 10 item 15). */
const trimmed = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

// --- Settings (000 §3) -------------------------------------------------------------------------

export const SETTING_KEYS = [
  'applicationsOpen',
  'applicationStartDate',
  'applicationEndDate',
  'globalProcessAnnouncement',
  'globalProcessLastUpdatedAt',
  // Issue 13 items 1, 2, 6: Guildhall's own settings, beside those of 000 §3.
  'blindReview',
  'blindHideApplicant',
  'reapplyCooldownDays',
  'stageWaitDays',
] as const;
export const SettingKey = z.enum(SETTING_KEYS);
export type SettingKey = z.infer<typeof SettingKey>;

/** 000 §3: key/value strings. Every key is present in answers ('' when never set). */
export const SettingsAnswer = z.object({
  applicationsOpen: z.enum(['true', 'false']),
  applicationStartDate: z.string(),
  applicationEndDate: z.string(),
  globalProcessAnnouncement: z.string(),
  globalProcessLastUpdatedAt: z.string(),
  /** Issue 13 item 1: 'true' hides other reviews from a reviewer until they have reviewed. */
  blindReview: z.enum(['true', 'false']),
  /** Issue 13 item 1: with blind review, also hide applicant names and avatars until then. */
  blindHideApplicant: z.enum(['true', 'false']),
  /** Issue 13 item 2: whole days before someone Declined or withdrawn may apply again; '' = no wait. */
  reapplyCooldownDays: z.string(),
  /** Issue 13 item 6: whole days an application may wait in a stage before it is marked waiting; '' = never. */
  stageWaitDays: z.string(),
});
export type SettingsAnswer = z.infer<typeof SettingsAnswer>;

/** 000 §6: anonymous visitors see only what the login screen needs (000 §2 Login screen). */
export const PublicSettingsAnswer = SettingsAnswer.pick({ applicationsOpen: true, applicationStartDate: true, applicationEndDate: true });
export type PublicSettingsAnswer = z.infer<typeof PublicSettingsAnswer>;

/** A date setting: 'N/A' (000 §9) or a calendar day YYYY-MM-DD that exists. */
export const DateSetting = z.union([z.literal(UNSET_DATE), z.iso.date('must be a date (YYYY-MM-DD) or N/A')]);

/** Issue 13: a number of whole days, 1 to 3650, or '' for none. */
export const DaysSetting = z.union([
  z.literal(''),
  z.string().regex(/^(?:[1-9]\d{0,2}|[1-2]\d{3}|3[0-5]\d{2}|36[0-4]\d|3650)$/, 'must be whole days from 1 to 3650, or empty for none'),
]);

/**
 * 000 §7 POST /api/settings/update {key, value}. globalProcessLastUpdatedAt is not writable: the
 * server sets it whenever the announcement changes.
 */
export const UpdateSettingRequest = z.discriminatedUnion(
  'key',
  [
    z.object({ key: z.literal('applicationsOpen'), value: z.enum(['true', 'false'], 'must be the text true or false') }),
    z.object({ key: z.literal('applicationStartDate'), value: DateSetting }),
    z.object({ key: z.literal('applicationEndDate'), value: DateSetting }),
    z.object({
      key: z.literal('globalProcessAnnouncement'),
      value: z.string().trim().max(LIMITS.announcement, `must be at most ${LIMITS.announcement} characters`),
    }),
    z.object({ key: z.literal('blindReview'), value: z.enum(['true', 'false'], 'must be the text true or false') }),
    z.object({ key: z.literal('blindHideApplicant'), value: z.enum(['true', 'false'], 'must be the text true or false') }),
    z.object({ key: z.literal('reapplyCooldownDays'), value: DaysSetting }),
    z.object({ key: z.literal('stageWaitDays'), value: DaysSetting }),
  ],
  {
    error:
      'must be applicationsOpen, applicationStartDate, applicationEndDate, globalProcessAnnouncement, blindReview, blindHideApplicant, reapplyCooldownDays or stageWaitDays',
  },
);
export type UpdateSettingRequest = z.infer<typeof UpdateSettingRequest>;

// --- Session (000 §3 Session user) --------------------------------------------------------------

export const SessionUser = z.object({ userId: z.string(), username: z.string(), isAdmin: z.boolean() });
export type SessionUser = z.infer<typeof SessionUser>;
/** 000 §7 GET /api/user: {user} or nothing (null). */
export const UserAnswer = z.object({ user: SessionUser.nullable() });
export type UserAnswer = z.infer<typeof UserAnswer>;
export const CheckVerificationAnswer = z.object({ isVerified: z.boolean() });
export type CheckVerificationAnswer = z.infer<typeof CheckVerificationAnswer>;

/**
 * A sign-in that did not finish sends the browser back to the portal as /recruitment?login=<reason>
 * (000 §2 Login screen), never to an error page: 'cancelled' on Discord's consent page, 'failed'
 * for anything else (an expired or replayed link, Discord unreachable).
 */
export const LOGIN_RESULT_PARAM = 'login';
export const LoginFailure = z.enum(['cancelled', 'failed']);
export type LoginFailure = z.infer<typeof LoginFailure>;

// --- Stages, roles, questions (000 §3) ----------------------------------------------------------

export const HexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #6c757d');

export const Stage = z.object({ id: z.number(), name: z.string(), ordering: z.number(), color: z.string() });
export type Stage = z.infer<typeof Stage>;
export const StagesAnswer = z.array(Stage);

export const CreateStageRequest = z.object({
  name: trimmed(LIMITS.name),
  /** 000 §9: default #6c757d. */
  color: HexColor.optional(),
});
export type CreateStageRequest = z.infer<typeof CreateStageRequest>;
export const CreateStageAnswer = z.object({ id: z.number(), ordering: z.number(), color: z.string() });
export type CreateStageAnswer = z.infer<typeof CreateStageAnswer>;

export const Role = z.object({ id: z.number(), name: z.string() });
export type Role = z.infer<typeof Role>;
export const RolesAnswer = z.array(Role);
export const CreateRoleRequest = z.object({ name: trimmed(LIMITS.name) });
export type CreateRoleRequest = z.infer<typeof CreateRoleRequest>;
export const CreatedAnswer = z.object({ id: z.number() });
export type CreatedAnswer = z.infer<typeof CreatedAnswer>;
export const DeletedAnswer = z.object({ success: z.literal(true) });
export type DeletedAnswer = z.infer<typeof DeletedAnswer>;

/** 000 §3: options is JSON array text (used for multiple-choice), null otherwise. */
export const Question = z.object({
  id: z.number(),
  text: z.string(),
  type: QuestionType,
  options: z.string().nullable(),
  /** Issue 13 item 3: the roles this question is asked for; empty: every role. */
  roleIds: z.array(z.number()),
});
export type Question = z.infer<typeof Question>;
export const QuestionsAnswer = z.array(Question);

/** 000 §5: choices are trimmed and empty entries dropped; a multiple-choice question needs one. */
export const CreateQuestionRequest = z
  .object({
    text: trimmed(LIMITS.questionText),
    type: QuestionType,
    options: z
      .array(z.string().max(LIMITS.option, `must be at most ${LIMITS.option} characters`))
      .max(LIMITS.options, `must have at most ${LIMITS.options} options`)
      .optional()
      .transform((list) => (list ? [...new Set(list.map((o) => o.trim()).filter(Boolean))] : undefined)),
    /** Issue 13 item 3: ask it only for these roles; absent or empty: every role. */
    roleIds: z
      .array(z.number().int().positive('must be role ids').max(MAX_ID, 'must be role ids'), 'must be a list of role ids')
      .max(LIMITS.options, `must have at most ${LIMITS.options} roles`)
      .optional()
      .transform((ids) => (ids ? [...new Set(ids)] : [])),
  })
  .superRefine((q, ctx) => {
    if (q.type === 'multiple-choice' && !(q.options && q.options.length > 0)) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Please provide comma-separated options.' });
    }
    if (q.type !== 'multiple-choice' && q.options && q.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'only multiple-choice questions have options' });
    }
  });
export type CreateQuestionRequest = z.input<typeof CreateQuestionRequest>;

/** 000 §5 (admin form): comma-separated choices, trimmed, empties dropped. */
export function splitChoices(text: string): string[] {
  return text
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

/** 000 §5: options are read from JSON; a failure is only logged and the question has no options. */
export function parseOptions(options: string | null, log: (message: string) => void = () => undefined): string[] {
  if (!options) return [];
  try {
    const parsed: unknown = JSON.parse(options);
    return Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    log('Could not parse the options of a multiple-choice question.');
    return [];
  }
}

/** 000 §4: the status follows the stage name, case-insensitively. */
export function statusForStageName(name: string): ApplicationStatus {
  const lower = name.toLowerCase();
  if (lower.includes('accept')) return 'Accepted';
  if (lower.includes('decline') || lower.includes('denied')) return 'Declined';
  return 'Pending';
}

/** 000 §4: once Accepted or Declined, feedback is read-only. */
export const isDecided = (status: ApplicationStatus | string | null | undefined) => status === 'Accepted' || status === 'Declined';

// --- Applicant (000 §2 Applicant view) ----------------------------------------------------------

/** 000 §7 POST /api/upload-file answer. */
export const UploadFileAnswer = z.object({ finalUrl: z.string() });
export type UploadFileAnswer = z.infer<typeof UploadFileAnswer>;

/**
 * 000 §7 POST /api/submit {jobSelection, answers}. jobSelection is the chosen role's id (the
 * dropdown's value); answers maps question id to the answer text (or a file's finalUrl), 000 §3.
 */
export const SubmitApplicationRequest = z.object({
  jobSelection: z.union(
    [
      z.number().int().positive().max(MAX_ID),
      z
        .string()
        .regex(/^\d{1,12}$/, 'must be a role id')
        .transform(Number)
        .refine(withinIdRange, 'must be a role id'),
    ],
    'choose a role',
  ),
  answers: z.record(
    z.string().regex(/^\d{1,12}$/, 'must be a question id (digits)'),
    z.string().max(LIMITS.answer, `must be at most ${LIMITS.answer} characters`),
  ),
});
export type SubmitApplicationRequest = z.input<typeof SubmitApplicationRequest>;
export const SubmitApplicationAnswer = z.object({ success: z.literal(true), id: z.number() });
export type SubmitApplicationAnswer = z.infer<typeof SubmitApplicationAnswer>;

/**
 * 000 §7 GET /api/application/status: {status, stageId, statusLastUpdatedAt, feedback}. Guildhall
 * adds hasApplication (false: every listed field is null), the stage's name and colour as they were
 * when set (so a deleted stage still shows), and the two global-process settings of 000 §2 Global
 * Process Status, which are not in the public subset.
 */
export const ApplicationStatusAnswer = z.object({
  hasApplication: z.boolean(),
  status: ApplicationStatus.nullable(),
  stageId: z.number().nullable(),
  /** ISO timestamp. */
  statusLastUpdatedAt: z.string().nullable(),
  feedback: z.string().nullable(),
  stageName: z.string().nullable(),
  stageColor: z.string().nullable(),
  job: z.string().nullable(),
  globalProcessAnnouncement: z.string(),
  globalProcessLastUpdatedAt: z.string(),
  /** Issue 13 item 2: the latest application's id, when it was withdrawn (ISO), whether it may still be edited. */
  applicationId: z.number().nullable(),
  withdrawnAt: z.string().nullable(),
  editable: z.boolean(),
  /** Issue 13 item 2: the latest application is closed (Declined or withdrawn) and a new one may be made now. */
  mayReapply: z.boolean(),
  /** Issue 13 item 2: with a cooldown, the day (ISO) from which a new application may be made. */
  reapplyFrom: z.string().nullable(),
  /** Issue 13 item 2: every application of this person, newest first. */
  history: z.array(z.lazy(() => HistoryEntry)),
  /** Issue 13 item 2: while editable, the role and answers as stored, to fill the edit form (a Draft without a date). */
  own: z.lazy(() => Draft.omit({ updatedAt: true }).nullable()),
});
export type ApplicationStatusAnswer = z.infer<typeof ApplicationStatusAnswer>;

// --- Admin (000 §2 Admin view) ------------------------------------------------------------------

export const StatusFilter = z.enum(['All', ...APPLICATION_STATUSES]);
export type StatusFilter = z.infer<typeof StatusFilter>;

/**
 * Beyond 000: GET /api/applications takes optional filters and pages. The answer stays the list of
 * 000 §7; the total of matching applications is in the X-Total-Count header.
 */
export const ListApplicationsQuery = z.object({
  status: StatusFilter.default('All'),
  search: z.string().trim().max(LIMITS.search).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type ListApplicationsQuery = z.input<typeof ListApplicationsQuery>;
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const AuditEntry = z.object({
  id: z.number(),
  actorId: z.string(),
  actorName: z.string(),
  /**
   * stage: from/to are stage names; feedback: to is the new feedback. Issue 13: review (to is the
   * vote), withdraw and edit (by the applicant).
   */
  kind: z.enum(['stage', 'feedback', 'review', 'withdraw', 'edit']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const StaffNote = z.object({ id: z.number(), authorId: z.string(), authorName: z.string(), body: z.string(), at: z.string() });
export type StaffNote = z.infer<typeof StaffNote>;

/**
 * 000 §3 Application (admin list): id, userId, avatar, username, job, answers (JSON text mapping
 * question id to answer), status, stageId, feedback. Guildhall adds the stage's name/colour, the
 * question texts as they were when answered (so a deleted question keeps its label), dates, the
 * audit trail and the private staff notes.
 */
export const AdminApplication = z.object({
  id: z.number(),
  userId: z.string(),
  avatar: z.string().nullable(),
  username: z.string(),
  job: z.string(),
  answers: z.string(),
  status: ApplicationStatus,
  stageId: z.number().nullable(),
  feedback: z.string().nullable(),
  stageName: z.string().nullable(),
  stageColor: z.string().nullable(),
  questionLabels: z.record(z.string(), z.string()),
  submittedAt: z.string(),
  statusLastUpdatedAt: z.string(),
  audit: z.array(AuditEntry),
  notes: z.array(StaffNote),
  /** Issue 13 item 1: the tally of reviews as this admin may see it (blind review hides it until they review). */
  reviews: z.lazy(() => ReviewTally),
  /** Issue 13 item 2: when the applicant withdrew it (ISO), or null. */
  withdrawnAt: z.string().nullable(),
  /** Issue 13 item 6: when it entered its current stage (ISO), and whether it has waited there too long. */
  stageEnteredAt: z.string(),
  waiting: z.boolean(),
  /** Issue 13 item 5: Discord DMs to the applicant that failed for good, newest first. */
  failedNotifications: z.array(z.lazy(() => FailedNotification)),
});
export type AdminApplication = z.infer<typeof AdminApplication>;
export const ApplicationsAnswer = z.array(AdminApplication);

/** 000 §7 POST /api/applications/{id}/update {status, feedback, stageId}; the server derives status from the stage (000 §4). */
export const UpdateApplicationRequest = z
  .object({
    status: ApplicationStatus.optional(),
    feedback: z.string().max(LIMITS.feedback, `must be at most ${LIMITS.feedback} characters`).nullable().optional(),
    stageId: z
      .union([
        z.number().int().positive().max(MAX_ID, 'must be a stage id'),
        z
          .string()
          .regex(/^\d{1,12}$/, 'must be a stage id')
          .transform(Number)
          .refine(withinIdRange, 'must be a stage id'),
      ])
      .nullable()
      .optional(),
    /**
     * Beyond 000 §7 (decision 0058): the feedback as the admin's card showed it when it was read.
     * With it the server keeps feedback another admin saved meanwhile, instead of the stale copy the
     * card sends back with every stage change. Absent: the call works as 000 §7 has it.
     */
    expectedFeedback: z.string().max(LIMITS.feedback, `must be at most ${LIMITS.feedback} characters`).nullable().optional(),
    /**
     * Beyond 000 §7 (decision 0058): the stage the card or board showed (null: none). A move from a
     * view another admin's move has made stale is refused instead of undoing theirs unseen. Absent:
     * the last move wins, as 000 §7 has it.
     */
    expectedStageId: idNumber('must be a stage id').nullable().optional(),
  })
  .refine((b) => b.feedback !== undefined || (b.stageId !== undefined && b.stageId !== null), {
    message: 'Nothing to update: send stageId or feedback.',
  });
export type UpdateApplicationRequest = z.input<typeof UpdateApplicationRequest>;
export const UpdateApplicationAnswer = z.object({
  success: z.literal(true),
  status: ApplicationStatus,
  stageId: z.number().nullable(),
  feedback: z.string().nullable(),
});
export type UpdateApplicationAnswer = z.infer<typeof UpdateApplicationAnswer>;

/** Beyond 000: POST /api/applications/{id}/notes {body}, private to admins. */
export const AddNoteRequest = z.object({ body: trimmed(LIMITS.note) });
export type AddNoteRequest = z.infer<typeof AddNoteRequest>;

export const ExportApplicationsQuery = ListApplicationsQuery.pick({ status: true, search: true });
export type ExportApplicationsQuery = z.input<typeof ExportApplicationsQuery>;

// --- Issue 13 items 3, 4, 7, 8: editing and ordering, the board, bulk moves, reports, avatars ----

/** Issue 13 item 3: the three lists an admin edits, reorders, deletes and restores. */
export const MANAGED_LISTS = ['stages', 'roles', 'questions'] as const;
export type ManagedList = (typeof MANAGED_LISTS)[number];

const idList = (what: string, max: number) =>
  z
    .array(z.number().int().positive(`must be ${what} ids`).max(MAX_ID, `must be ${what} ids`), `must be a list of ${what} ids`)
    .max(max, `must have at most ${max} ids`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not name an id twice');

/** Issue 13 item 3: POST /api/{stages|roles|questions}/reorder {ids}: every live id, in the new order. */
export const ReorderRequest = z.object({ ids: idList('the', 500).refine((ids) => ids.length > 0, 'must name at least one id') });
export type ReorderRequest = z.infer<typeof ReorderRequest>;

/** Issue 13 item 3: POST /api/stages/{id}/update {name, color}. */
export const UpdateStageRequest = z.object({ name: trimmed(LIMITS.name), color: HexColor });
export type UpdateStageRequest = z.infer<typeof UpdateStageRequest>;
/** Issue 13 item 3: POST /api/roles/{id}/update {name}. */
export const UpdateRoleRequest = CreateRoleRequest;
export type UpdateRoleRequest = z.infer<typeof UpdateRoleRequest>;
/** Issue 13 item 3: POST /api/questions/{id}/update, the fields of create; roleIds [] = every role. */
export const UpdateQuestionRequest = CreateQuestionRequest;
export type UpdateQuestionRequest = z.input<typeof UpdateQuestionRequest>;

/** Issue 13 item 3: whether a question is shown for a role (no roleIds: every role). */
export const questionAppliesTo = (question: { roleIds?: number[] }, roleId: number | null | undefined) =>
  !question.roleIds || question.roleIds.length === 0 || (roleId != null && question.roleIds.includes(roleId));

/** Issue 13 item 4: GET /api/board: one column per stage (and one for applications in no current stage). */
export const BoardQuery = z.object({
  perStage: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(100),
});
export type BoardQuery = z.input<typeof BoardQuery>;
export const BoardCard = z.object({
  id: z.number(),
  userId: z.string(),
  username: z.string(),
  /** Whether the applicant has a Discord avatar to show (applicationAvatarUrl). */
  hasAvatar: z.boolean(),
  job: z.string(),
  status: ApplicationStatus,
  stageId: z.number().nullable(),
  submittedAt: z.string(),
  /** Decision 0028: the applicant withdrew it; it stays where it was and is no longer moved. */
  withdrawn: z.boolean(),
});
export type BoardCard = z.infer<typeof BoardCard>;
export const BoardColumn = z.object({
  /** null: applications whose stage was removed or never set. */
  stageId: z.number().nullable(),
  name: z.string(),
  color: z.string(),
  /** All applications in the column; cards holds the newest perStage of them. */
  total: z.number(),
  cards: z.array(BoardCard),
});
export type BoardColumn = z.infer<typeof BoardColumn>;
export const BoardAnswer = z.object({ columns: z.array(BoardColumn) });
export type BoardAnswer = z.infer<typeof BoardAnswer>;

/** Issue 13 item 4: POST /api/applications/bulk-update {ids, stageId, feedback?}: one action, the rules of /update for each. */
export const BulkUpdateRequest = z.object({
  ids: idList('application', LIMITS.pageSizeMax).refine((ids) => ids.length > 0, 'select at least one application'),
  stageId: z.number('must be a stage id').int().positive('must be a stage id').max(MAX_ID, 'must be a stage id'),
  feedback: z.string().max(LIMITS.feedback, `must be at most ${LIMITS.feedback} characters`).optional(),
});
export type BulkUpdateRequest = z.infer<typeof BulkUpdateRequest>;
export const BulkUpdateAnswer = z.object({
  updated: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), code: z.string(), error: z.string() })),
});
export type BulkUpdateAnswer = z.infer<typeof BulkUpdateAnswer>;

/** Issue 13 item 7: GET /api/reports?from&to: applications submitted in [from, to], whole UTC days. */
export const ReportsQuery = z
  .object({ from: z.iso.date('must be a date (YYYY-MM-DD)'), to: z.iso.date('must be a date (YYYY-MM-DD)') })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must not be before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 5 * 366 * 86_400_000, {
    path: ['to'],
    message: 'must be at most 5 years after from',
  });
export type ReportsQuery = z.infer<typeof ReportsQuery>;
export const ReportsAnswer = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number(),
  /** Monday (YYYY-MM-DD, UTC) of each week in the range, with the applications submitted that week. */
  perWeek: z.array(z.object({ weekStart: z.string(), count: z.number() })),
  /** Each current stage, in order, with how many of the applications ever reached it. */
  funnel: z.array(z.object({ stageId: z.number(), name: z.string(), color: z.string(), reached: z.number() })),
  /** Median time from submitting to the first Accepted or Declined stage, in hours; null when none is decided. */
  medianHoursToDecision: z.number().nullable(),
  decided: z.number(),
  /** Per role (as the application recorded it): accepted / (accepted + declined); rate null when none is decided. */
  byRole: z.array(
    z.object({ job: z.string(), applications: z.number(), accepted: z.number(), declined: z.number(), rate: z.number().nullable() }),
  ),
});
export type ReportsAnswer = z.infer<typeof ReportsAnswer>;

/** Issue 13 item 8: the applicant's Discord avatar, fetched and cached by our server and served from our origin. */
export const applicationAvatarUrl = (applicationId: number) => `/recruitment/api/applications/${applicationId}/avatar`;

/** Recruitment's own error codes (000 §8 texts; decision 0017). */
export const RECRUITMENT_ERRORS = {
  'recruitment.applications_closed': { status: 403, sentence: 'Applications are closed. Please check back later.' },
  'recruitment.already_applied': { status: 409, sentence: 'You have already submitted an application.' },
  'recruitment.withdrawn': {
    status: 409,
    sentence: 'The applicant withdrew this application, so it can no longer be moved to another stage.',
  },
  // Decision 0058: feedback is told to the applicant by a DM; one who withdrew has walked away from it.
  'recruitment.withdrawn_feedback': {
    status: 409,
    sentence: 'The applicant withdrew this application, so its feedback can no longer be changed.',
  },
  'recruitment.not_verified': {
    status: 403,
    sentence: "Your Discord account is not verified in the community's database. Please visit the verification center to get access.",
  },
  'recruitment.admins_only': { status: 403, sentence: 'Only recruitment admins can do that.' },
  'recruitment.admins_do_not_apply': { status: 403, sentence: 'Admins review applications; they do not submit them.' },
  'recruitment.feedback_locked': {
    status: 409,
    sentence: 'Feedback can no longer be changed once an application is Accepted or Declined.',
  },
  'recruitment.file_private': { status: 403, sentence: 'Only the person who uploaded this file and recruitment admins can open it.' },
  'recruitment.file_type_refused': { status: 415, sentence: 'This file type is not accepted.' },
  // Issue 12 item 2: the sum of one person's stored uploads is bounded (RECRUITMENT_UPLOAD_QUOTA_BYTES).
  'recruitment.upload_quota_exceeded': {
    status: 413,
    sentence: 'You have uploaded as much as you may keep stored. Files no application uses are removed after a while.',
  },
  'recruitment.reapply_cooldown': { status: 409, sentence: 'You cannot apply again yet. Please check back later.' },
  'recruitment.not_editable': {
    status: 409,
    sentence: 'Your application can no longer be changed: a reviewer has already acted on it, or it is no longer pending.',
  },
  'recruitment.no_open_application': { status: 409, sentence: 'You have no pending application.' },
  'recruitment.reopen_conflict': {
    status: 409,
    sentence: 'This applicant has a newer open application, so this one cannot be reopened.',
  },
  // Issue 13 item 6: "Send digest now" needs somewhere to send it and a rule for what waits.
  'recruitment.no_webhook': {
    status: 409,
    sentence: 'No webhook is set up (RECRUITMENT_WEBHOOK_URL), so there is nowhere to send the digest.',
  },
  'recruitment.no_stage_wait': {
    status: 409,
    sentence: 'Set how many days an application may wait in a stage first; the digest lists those that waited longer.',
  },
} as const satisfies ErrorCatalogue;
export type RecruitmentErrorCode = keyof typeof RECRUITMENT_ERRORS;

// --- Issue 13 items 1, 2, 5, 6: reviews, cycles, applicant DMs, reviewer nudges -----------------

/** A numeric id in a body: a positive integer, or its digits as text. */
const BodyId = (what: string) =>
  z.union([
    z.number().int().positive().max(MAX_ID, `must be a ${what} id`),
    z
      .string()
      .regex(/^\d{1,12}$/, `must be a ${what} id`)
      .transform(Number)
      .refine(withinIdRange, `must be a ${what} id`),
  ]);

/** Issue 13 item 1: a reviewer's vote. */
export const REVIEW_VOTES = ['yes', 'no', 'abstain'] as const;
export const ReviewVote = z.enum(REVIEW_VOTES, 'must be yes, no or abstain');
export type ReviewVote = z.infer<typeof ReviewVote>;
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;

/** Issue 13 item 1: a criterion a role's reviews are scored on (1-5). */
export const Criterion = z.object({ id: z.number(), roleId: z.number(), name: z.string() });
export type Criterion = z.infer<typeof Criterion>;
export const CriteriaAnswer = z.array(Criterion);
export const CreateCriterionRequest = z.object({ roleId: BodyId('role'), name: trimmed(LIMITS.name) });
export type CreateCriterionRequest = z.input<typeof CreateCriterionRequest>;

/** Issue 13 item 1: POST /api/applications/{id}/review, one per admin per application (sent again, it replaces theirs). */
export const SubmitReviewRequest = z.object({
  vote: ReviewVote,
  scores: z
    .record(
      z.string().regex(/^\d{1,12}$/, 'must be a criterion id (digits)'),
      z
        .number()
        .int('must be a whole number')
        .min(SCORE_MIN, `must be from ${SCORE_MIN} to ${SCORE_MAX}`)
        .max(SCORE_MAX, `must be from ${SCORE_MIN} to ${SCORE_MAX}`),
    )
    .default({}),
  comment: z.string().trim().max(LIMITS.feedback, `must be at most ${LIMITS.feedback} characters`).default(''),
});
export type SubmitReviewRequest = z.input<typeof SubmitReviewRequest>;

export const Review = z.object({
  id: z.number(),
  reviewerId: z.string(),
  reviewerName: z.string(),
  vote: ReviewVote,
  scores: z.record(z.string(), z.number()),
  /** The mean of this review's scores, or null without scores. */
  average: z.number().nullable(),
  comment: z.string(),
  at: z.string(),
});
export type Review = z.infer<typeof Review>;

/**
 * Issue 13 item 1: the card's and the list's tally. With blind review, a reviewer who has not
 * reviewed yet sees only how many reviews there are (hidden: true, votes and average zero/null).
 */
export const ReviewTally = z.object({
  count: z.number(),
  yes: z.number(),
  no: z.number(),
  abstain: z.number(),
  /** Mean of every score of every review, 1-5, or null. */
  averageScore: z.number().nullable(),
  reviewedByMe: z.boolean(),
  hidden: z.boolean(),
});
export type ReviewTally = z.infer<typeof ReviewTally>;

/** GET /api/applications/{id}/reviews: the caller's own review, the others' (unless hidden), the role's criteria. */
export const ReviewsAnswer = z.object({
  tally: ReviewTally,
  mine: Review.nullable(),
  reviews: z.array(Review),
  criteria: z.array(Criterion),
});
export type ReviewsAnswer = z.infer<typeof ReviewsAnswer>;

/** Issue 13 item 2: one earlier or current application of the applicant, for the status view's history. */
export const HistoryEntry = z.object({
  id: z.number(),
  job: z.string(),
  status: ApplicationStatus,
  stageName: z.string().nullable(),
  submittedAt: z.string(),
  withdrawnAt: z.string().nullable(),
  /** When it was Declined or withdrawn (ISO), or null while open. */
  closedAt: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** Issue 13 item 2: POST /api/application/edit, the same body as 000 §7 POST /api/submit. */
export const EditApplicationRequest = SubmitApplicationRequest;
export type EditApplicationRequest = z.input<typeof EditApplicationRequest>;
export const SuccessAnswer = z.object({ success: z.literal(true) });
export type SuccessAnswer = z.infer<typeof SuccessAnswer>;

/** Issue 13 item 2: the form's draft, saved on the server as the applicant types (file answers are upload URLs). */
export const SaveDraftRequest = z.object({
  jobSelection: z.union([z.literal(''), z.string().regex(/^\d{1,12}$/, 'must be a role id')]).default(''),
  answers: z
    .record(
      z.string().regex(/^\d{1,12}$/, 'must be a question id (digits)'),
      z.string().max(LIMITS.answer, `must be at most ${LIMITS.answer} characters`),
    )
    .refine((a) => Object.keys(a).length <= 200, 'must have at most 200 answers'),
});
export type SaveDraftRequest = z.input<typeof SaveDraftRequest>;
export const Draft = z.object({
  jobSelection: z.string(),
  answers: z.record(z.string(), z.string()),
  /** For a file answer: the upload's file name, so the restored form can show it. */
  fileNames: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof Draft>;
export const DraftAnswer = z.object({ draft: Draft.nullable() });
export type DraftAnswer = z.infer<typeof DraftAnswer>;

/** Issue 13 item 5: a Discord DM to the applicant that could not be delivered after every retry. */
export const FailedNotification = z.object({
  id: z.number(),
  applicationId: z.number(),
  username: z.string(),
  content: z.string(),
  error: z.string(),
  attempts: z.number(),
  at: z.string(),
});
export type FailedNotification = z.infer<typeof FailedNotification>;
export const FailedNotificationsAnswer = z.array(FailedNotification);

/**
 * Issue 13 item 6: POST /api/digest/send, the daily digest sent now. `waiting` is how many it listed;
 * with none nothing is sent (as the daily run); `sent` says whether the message was queued for the webhook.
 */
export const DigestSentAnswer = z.object({ waiting: z.number(), sent: z.boolean() });
export type DigestSentAnswer = z.infer<typeof DigestSentAnswer>;
