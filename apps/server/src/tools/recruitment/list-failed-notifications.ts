import type { FailedNotification } from '@guildhall/contracts/recruitment';
import { type RecruitmentDeps, toIso } from './recruitment-deps';

/**
 * Issue 13 item 5: applicant DMs that failed for good, newest first, for admins: of some applications
 * (the list's page) or all of them (GET /api/notifications/failed, at most `limit`).
 */
export async function listFailedNotifications(
  deps: Pick<RecruitmentDeps, 'db'>,
  applicationIds: number[] | null,
  limit = 100,
): Promise<FailedNotification[]> {
  if (applicationIds !== null && !applicationIds.length) return [];
  let query = deps.db
    .selectFrom('recruitment_notifications as n')
    .innerJoin('recruitment_applications as a', 'a.id', 'n.application_id')
    .select(['n.id', 'n.application_id', 'a.username', 'n.content', 'n.last_error', 'n.attempts', 'n.updated_at'])
    .where('n.state', '=', 'failed');
  if (applicationIds !== null) query = query.where('n.application_id', 'in', applicationIds);
  const rows = await query.orderBy('n.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    applicationId: r.application_id,
    username: r.username,
    content: r.content,
    error: r.last_error ?? 'Unknown error',
    attempts: Number(r.attempts),
    at: toIso(Number(r.updated_at)),
  }));
}
