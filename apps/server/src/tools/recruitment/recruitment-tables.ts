import type { ColumnType, Generated } from 'kysely';
import type { ToolDb } from '@server/core/db/tool-db';

// The recruitment portal's tables (000 §3). Times are epoch milliseconds.

export type RecruitmentSettingsTable = {
  key: string;
  value: string;
};

export type RecruitmentStagesTable = {
  id: Generated<number>;
  name: string;
  ordering: number;
  color: string;
  /** Issue 13 item 3: set when removed (undo clears it); lists show only rows without it. */
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
};

export type RecruitmentRolesTable = {
  id: Generated<number>;
  name: string;
  /** Issue 13 item 3: the admins' order (ties: oldest first). */
  ordering: Generated<number>;
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
};

export type RecruitmentQuestionsTable = {
  id: Generated<number>;
  text: string;
  type: string;
  /** 000 §3: JSON array text, multiple-choice only. */
  options: string | null;
  ordering: Generated<number>;
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
};

/** Issue 13 item 3: a question asked only for chosen roles has one row per role; none: every role. */
export type RecruitmentQuestionRolesTable = {
  question_id: number;
  role_id: number;
};

/** Issue 13 item 8: an applicant's Discord avatar, fetched once per avatar hash (data null: the CDN had none). */
export type RecruitmentAvatarsTable = {
  user_id: string;
  hash: string;
  content_type: string | null;
  data: Uint8Array | null;
  fetched_at: number;
};

/** Files an applicant uploaded (000 §7 POST /api/upload-file); the bytes live in core/storage. */
export type RecruitmentUploadsTable = {
  id: string;
  owner_id: string;
  file_name: string;
  storage_key: string;
  content_type: string;
  size: number;
  created_at: number;
};

/**
 * 000 §3 Application. job, stage_name/stage_color and question_labels are copies taken when written,
 * so deleting a role, stage or question never loses what an application showed.
 */
export type RecruitmentApplicationsTable = {
  id: Generated<number>;
  user_id: string;
  username: string;
  username_lower: string;
  avatar: string | null;
  role_id: number | null;
  job: string;
  answers: string;
  question_labels: string;
  status: string;
  stage_id: number | null;
  stage_name: string | null;
  stage_color: string | null;
  feedback: string | null;
  created_at: number;
  status_updated_at: number;
  /**
   * Issue 13 item 2: user_id while the application is open (not Declined, not withdrawn), null once
   * closed; its unique index is "one open application per user".
   */
  open_user_id: string | null;
  withdrawn_at: number | null;
  /** When it was Declined or withdrawn; the reapply cooldown counts from it. */
  closed_at: number | null;
  /** Issue 13 item 6: when it entered its current stage (reviewer nudges). */
  stage_entered_at: number;
};

export type RecruitmentAuditTable = {
  id: Generated<number>;
  application_id: number;
  actor_id: string;
  actor_name: string;
  kind: string;
  from_value: string | null;
  to_value: string | null;
  at: number;
  /**
   * Issue 13 item 7 (decision 0050): for a 'stage' row, the ids of the stages it moved from and to
   * (from_value/to_value are their names then); null on other kinds and on rows written before.
   */
  from_stage_id: number | null;
  to_stage_id: number | null;
};

export type RecruitmentNotesTable = {
  id: Generated<number>;
  application_id: number;
  author_id: string;
  author_name: string;
  body: string;
  created_at: number;
};

/** Issue 13 item 1: what a role's reviews are scored on. */
export type RecruitmentCriteriaTable = {
  id: Generated<number>;
  role_id: number;
  name: string;
  created_at: number;
};

/** Issue 13 item 1: one review per admin per application (unique index). scores: JSON {criterionId: 1-5}. */
export type RecruitmentReviewsTable = {
  id: Generated<number>;
  application_id: number;
  reviewer_id: string;
  reviewer_name: string;
  vote: string;
  scores: string;
  /** Sum and number of the scores, so the list's average is one grouped query. */
  score_sum: number;
  score_count: number;
  comment: string;
  created_at: number;
  updated_at: number;
};

/** Issue 13 item 2: the form as the applicant left it, one per user. answers: JSON {questionId: text or upload URL}. */
export type RecruitmentDraftsTable = {
  user_id: string;
  job_selection: string;
  answers: string;
  updated_at: number;
};

/** Decision 0028: the edit form of an open application as the applicant left it; answers as in a draft. */
export type RecruitmentEditDraftsTable = {
  application_id: number;
  job_selection: string;
  answers: string;
  updated_at: number;
};

/** Issue 13 item 5: a Discord DM to the applicant; state pending, sent or failed. */
export type RecruitmentNotificationsTable = {
  id: Generated<number>;
  application_id: number;
  user_id: string;
  content: string;
  state: string;
  attempts: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
};

export type RecruitmentTables = {
  recruitment_settings: RecruitmentSettingsTable;
  recruitment_stages: RecruitmentStagesTable;
  recruitment_roles: RecruitmentRolesTable;
  recruitment_questions: RecruitmentQuestionsTable;
  recruitment_uploads: RecruitmentUploadsTable;
  recruitment_applications: RecruitmentApplicationsTable;
  recruitment_audit: RecruitmentAuditTable;
  recruitment_notes: RecruitmentNotesTable;
  recruitment_criteria: RecruitmentCriteriaTable;
  recruitment_reviews: RecruitmentReviewsTable;
  recruitment_drafts: RecruitmentDraftsTable;
  recruitment_edit_drafts: RecruitmentEditDraftsTable;
  recruitment_notifications: RecruitmentNotificationsTable;
  recruitment_question_roles: RecruitmentQuestionRolesTable;
  recruitment_avatars: RecruitmentAvatarsTable;
};

/** The tool's view of the database (decision 0016), built once in makeRecruitmentDeps. */
export type RecruitmentDb = ToolDb<RecruitmentTables>;
