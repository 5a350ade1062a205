import type { ApplicationStatus, ApplicationStatusAnswer } from '@guildhall/contracts/recruitment';
import { type RecruitmentDeps, toIso } from './recruitment-deps';
import { readSettings } from './read-settings';

/**
 * 000 §7 GET /api/application/status for the caller's own application, with the global process
 * status of 000 §2. Staff notes and the audit trail are never part of it.
 */
export async function getApplicationStatus(deps: Pick<RecruitmentDeps, 'db'>, userId: string): Promise<ApplicationStatusAnswer> {
  const [row, settings] = await Promise.all([
    deps.db
      .selectFrom('recruitment_applications')
      .select(['status', 'stage_id', 'stage_name', 'stage_color', 'status_updated_at', 'feedback', 'job'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    readSettings(deps),
  ]);
  const global = {
    globalProcessAnnouncement: settings.globalProcessAnnouncement,
    globalProcessLastUpdatedAt: settings.globalProcessLastUpdatedAt,
  };
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
    };
  }
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
  };
}
