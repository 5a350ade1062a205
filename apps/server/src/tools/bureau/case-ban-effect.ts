import type { CaseType, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauDeps, BureauWriteDeps } from './bureau-deps';
import type { CaseRow } from './bureau-cases';
import { recordHistory } from './bureau-history';

/** What a Roblox case's type does to the subject's ban. */
export interface BanEffectInput {
  subjectId: string;
  type: CaseType;
  /** The type before an amendment; null for a case being opened. */
  previousType: CaseType | null;
  moderator: string | null;
  reason: string | null;
}

/**
 * Decision 0031: a ban case on Roblox writes the ban (RobloxData/{robloxId}/Ban, 001 §3); an unban case
 * clears it. A case amended into a ban writes it, and a ban case amended into anything else clears the
 * ban it wrote (the caller checks that no later case owns the ban by then).
 */
export async function applyBanEffect(deps: BureauWriteDeps, input: BanEffectInput, number: number, actor: HistoryActor): Promise<void> {
  const before = await deps.registry.findBan(input.subjectId);
  if (input.type === 'ban') {
    const after = {
      robloxId: input.subjectId,
      isBanned: true,
      moderator: input.moderator,
      reason: input.reason,
      time: Math.floor(deps.now() / 1000),
      username: before?.username ?? null,
    };
    await deps.registry.setBan(after);
    await recordHistory(deps, {
      entity: 'ban',
      key: input.subjectId,
      robloxId: input.subjectId,
      action: before ? 'ban.updated' : 'ban.set',
      actor,
      before,
      after: { ...after, case: number },
    });
  } else if ((input.type === 'unban' || input.previousType === 'ban') && before && (await deps.registry.clearBan(input.subjectId))) {
    await recordHistory(deps, {
      entity: 'ban',
      key: input.subjectId,
      robloxId: input.subjectId,
      action: 'ban.cleared',
      actor,
      before: { ...before, case: number },
      after: null,
    });
  }
}

/** Whether a later ban or unban case of the same subject owns the ban now (then this case's changes leave it alone). */
export async function laterCaseOwnsBan(deps: Pick<BureauDeps, 'db'>, row: Pick<CaseRow, 'id' | 'subject_id'>): Promise<boolean> {
  const later = await deps.db
    .selectFrom('bureau_cases')
    .select('id')
    .where('platform', '=', 'Roblox')
    .where('subject_id', '=', row.subject_id)
    .where('type', 'in', ['ban', 'unban'])
    .where('id', '>', row.id)
    .executeTakeFirst();
  return later !== undefined;
}
