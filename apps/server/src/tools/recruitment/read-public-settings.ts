import type { PublicSettingsAnswer } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';
import { readSettings } from './read-settings';

/** 000 §6 Anonymous: only what the login screen shows (open/closed and the period, 000 §2). */
export async function readPublicSettings(deps: Pick<RecruitmentDeps, 'db'>): Promise<PublicSettingsAnswer> {
  const { applicationsOpen, applicationStartDate, applicationEndDate } = await readSettings(deps);
  return { applicationsOpen, applicationStartDate, applicationEndDate };
}
