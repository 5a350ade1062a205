import { z } from 'zod';
import type { ErrorCatalogue } from './core';

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

/** A numeric id in a path (`/applications/{id}/update`): digits only. */
export const IdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a numeric id')
    .transform(Number),
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
});
export type SettingsAnswer = z.infer<typeof SettingsAnswer>;

/** 000 §6: anonymous visitors see only what the login screen needs (000 §2 Login screen). */
export const PublicSettingsAnswer = SettingsAnswer.pick({ applicationsOpen: true, applicationStartDate: true, applicationEndDate: true });
export type PublicSettingsAnswer = z.infer<typeof PublicSettingsAnswer>;

/** A date setting: 'N/A' (000 §9) or a calendar day YYYY-MM-DD that exists. */
export const DateSetting = z.union([z.literal(UNSET_DATE), z.iso.date('must be a date (YYYY-MM-DD) or N/A')]);

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
  ],
  { error: 'must be applicationsOpen, applicationStartDate, applicationEndDate or globalProcessAnnouncement' },
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
export const Question = z.object({ id: z.number(), text: z.string(), type: QuestionType, options: z.string().nullable() });
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
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,12}$/, 'must be a role id')
        .transform(Number),
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
  /** stage: from/to are stage names; feedback: to is the new feedback. */
  kind: z.enum(['stage', 'feedback']),
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
        z.number().int().positive(),
        z
          .string()
          .regex(/^\d{1,12}$/, 'must be a stage id')
          .transform(Number),
      ])
      .nullable()
      .optional(),
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

/** Recruitment's own error codes (000 §8 texts; decision 0017). */
export const RECRUITMENT_ERRORS = {
  'recruitment.applications_closed': { status: 403, sentence: 'Applications are closed. Please check back later.' },
  'recruitment.already_applied': { status: 409, sentence: 'You have already submitted an application.' },
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
} as const satisfies ErrorCatalogue;
export type RecruitmentErrorCode = keyof typeof RECRUITMENT_ERRORS;
