import { DomainError } from '@server/core/errors/domain-error';
import type { RecruitmentDeps } from './recruitment-deps';
import { daysSettingMs } from './days-setting';
import { isWithinApplicationWindow } from './is-within-application-window';
import { readSettings } from './read-settings';

/**
 * 000 §2/§4: an applicant may apply while applications are open and inside the period, and has one
 * open application at a time (issue 13 item 2: once Declined or withdrawn, again after the reapply
 * cooldown). Checked before a submission and before an upload (the upload's body is not even read), so
 * someone who has applied, or who came while closed, cannot keep filling the server's disk with
 * files no application will ever use.
 */
export async function assertMayApply(deps: Pick<RecruitmentDeps, 'db' | 'now'>, userId: string): Promise<void> {
  const settings = await readSettings(deps);
  if (!isWithinApplicationWindow(settings, deps.now())) throw new DomainError('recruitment.applications_closed');
  const reapplyFrom = await findReapplyBlock(deps, userId, settings.reapplyCooldownDays);
  if (reapplyFrom === 'open') throw new DomainError('recruitment.already_applied');
  if (reapplyFrom !== null)
    throw new DomainError(
      'recruitment.reapply_cooldown',
      `You cannot apply again yet: you may apply again from ${new Date(reapplyFrom).toLocaleDateString('en-GB', { timeZone: 'UTC' })}.`,
    );
}

/**
 * Issue 13 item 2: what stops this person applying now, applications being open: 'open' (an open
 * application), the epoch ms from which the cooldown lets them apply again, or null (nothing).
 */
export async function findReapplyBlock(
  deps: Pick<RecruitmentDeps, 'db' | 'now'>,
  userId: string,
  cooldownDays: string,
): Promise<'open' | number | null> {
  const open = await deps.db.selectFrom('recruitment_applications').select('id').where('open_user_id', '=', userId).executeTakeFirst();
  if (open) return 'open';
  const cooldown = daysSettingMs(cooldownDays);
  if (cooldown === null) return null;
  const last = await deps.db
    .selectFrom('recruitment_applications')
    .select((eb) => eb.fn.max('closed_at').as('closedAt'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const closedAt = last?.closedAt === null || last?.closedAt === undefined ? null : Number(last.closedAt);
  if (closedAt === null) return null;
  return deps.now() < closedAt + cooldown ? closedAt + cooldown : null;
}
