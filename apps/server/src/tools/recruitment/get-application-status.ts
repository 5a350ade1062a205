import {
  type ApplicationStatus,
  type ApplicationStatusAnswer,
  type HistoryEntry,
  UPLOAD_PATH_PATTERN,
  uploadFileName,
} from '@guildhall/contracts/recruitment';
import { parseJsonRecord } from './list-applications';
import { type RecruitmentDeps, toIso } from './recruitment-deps';
import { findReapplyBlock } from './assert-may-apply';
import { isWithinApplicationWindow } from './is-within-application-window';
import { readSettings } from './read-settings';
import { reviewerHasActed } from './reviewer-has-acted';

/**
 * 000 §7 GET /api/application/status for the caller's own application, with the global process
 * status of 000 §2. Staff notes and the audit trail are never part of it. Issue 13 item 2: the
 * latest application is the one shown; with it come whether it may still be edited, whether a new
 * one may be made (closed, applications open, cooldown over) and the applicant's history.
 */
export async function getApplicationStatus(deps: Pick<RecruitmentDeps, 'db' | 'now'>, userId: string): Promise<ApplicationStatusAnswer> {
  const [rows, settings] = await Promise.all([
    deps.db
      .selectFrom('recruitment_applications')
      .select((eb) => [
        'id',
        'status',
        'stage_id',
        'stage_name',
        'stage_color',
        'status_updated_at',
        'feedback',
        'job',
        'created_at',
        'withdrawn_at',
        'closed_at',
        'open_user_id',
        'role_id',
        'answers',
        reviewerHasActed(eb).as('acted'),
      ])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute(),
    readSettings(deps),
  ]);
  const global = {
    globalProcessAnnouncement: settings.globalProcessAnnouncement,
    globalProcessLastUpdatedAt: settings.globalProcessLastUpdatedAt,
  };
  const row = rows[0];
  if (!row) {
    return {
      hasApplication: false,
      status: null,
      stageId: null,
      statusLastUpdatedAt: null,
      feedback: null,
      stageName: null,
      stageColor: null,
      job: null,
      ...global,
      applicationId: null,
      withdrawnAt: null,
      editable: false,
      mayReapply: false,
      reapplyFrom: null,
      history: [],
      own: null,
    };
  }
  const isOpen = row.open_user_id !== null;
  const block = isOpen ? 'open' : await findReapplyBlock(deps, userId, settings.reapplyCooldownDays);
  const editable = isOpen && row.status === 'Pending' && !isTruthy(row.acted);
  const history: HistoryEntry[] = rows.map((r) => ({
    id: r.id,
    job: r.job,
    status: r.status as ApplicationStatus,
    stageName: r.stage_name,
    submittedAt: toIso(r.created_at),
    withdrawnAt: r.withdrawn_at === null ? null : toIso(r.withdrawn_at),
    closedAt: r.closed_at === null ? null : toIso(r.closed_at),
  }));
  return {
    hasApplication: true,
    status: row.status as ApplicationStatus,
    stageId: row.stage_id,
    statusLastUpdatedAt: toIso(row.status_updated_at),
    feedback: row.feedback,
    stageName: row.stage_name,
    stageColor: row.stage_color,
    job: row.job,
    ...global,
    applicationId: row.id,
    withdrawnAt: row.withdrawn_at === null ? null : toIso(row.withdrawn_at),
    editable,
    mayReapply: !isOpen && block === null && isWithinApplicationWindow(settings, deps.now()),
    reapplyFrom: typeof block === 'number' ? toIso(block) : null,
    history,
    own: editable ? ownAnswers(row.role_id, row.answers) : null,
  };
}

/** The stored answers for the edit form; a file answer's name is the last part of its upload URL. */
function ownAnswers(roleId: number | null, answersText: string) {
  const answers = parseJsonRecord(answersText);
  const fileNames: Record<string, string> = {};
  for (const [id, answer] of Object.entries(answers)) {
    if (UPLOAD_PATH_PATTERN.test(answer)) fileNames[id] = uploadFileName(answer);
  }
  return { jobSelection: roleId === null ? '' : String(roleId), answers, fileNames };
}

/** An EXISTS read back: a boolean on PostgreSQL, 0 or 1 on SQLite. */
const isTruthy = (value: unknown) => value === true || value === 1 || value === '1';
