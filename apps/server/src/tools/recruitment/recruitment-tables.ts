import type { Generated } from 'kysely';
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
};

export type RecruitmentRolesTable = {
  id: Generated<number>;
  name: string;
};

export type RecruitmentQuestionsTable = {
  id: Generated<number>;
  text: string;
  type: string;
  /** 000 §3: JSON array text, multiple-choice only. */
  options: string | null;
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
};

export type RecruitmentNotesTable = {
  id: Generated<number>;
  application_id: number;
  author_id: string;
  author_name: string;
  body: string;
  created_at: number;
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
};

/** The tool's view of the database (decision 0016), built once in makeRecruitmentDeps. */
export type RecruitmentDb = ToolDb<RecruitmentTables>;
