import type { RecruitmentDeps } from './recruitment-deps';
import { daysSettingMs } from './days-setting';

/** Issue 13 item 6: whether an open, undecided application has waited in its stage longer than the setting allows. */
export function isWaiting(
  row: { status: string; withdrawn_at: number | null; stage_entered_at: number },
  now: number,
  waitMs: number | null,
): boolean {
  return waitMs !== null && row.status === 'Pending' && row.withdrawn_at === null && now - Number(row.stage_entered_at) > waitMs;
}

export interface WaitingApplication {
  id: number;
  username: string;
  job: string;
  stageName: string | null;
  days: number;
}

/**
 * Issue 13 item 6: the Pending, not withdrawn applications that entered their stage more than
 * `stageWaitDays` ago, longest waiting first (the (status, stage_entered_at) index).
 */
export async function listWaitingApplications(
  deps: Pick<RecruitmentDeps, 'db' | 'now'>,
  stageWaitDays: string,
): Promise<WaitingApplication[]> {
  const waitMs = daysSettingMs(stageWaitDays);
  if (waitMs === null) return [];
  const now = deps.now();
  const rows = await deps.db
    .selectFrom('recruitment_applications')
    .select(['id', 'username', 'job', 'stage_name', 'stage_entered_at'])
    .where('status', '=', 'Pending')
    .where('withdrawn_at', 'is', null)
    .where('stage_entered_at', '<', now - waitMs)
    .orderBy('stage_entered_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    job: r.job,
    stageName: r.stage_name,
    days: Math.floor((now - Number(r.stage_entered_at)) / 86_400_000),
  }));
}
