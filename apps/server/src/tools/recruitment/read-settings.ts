import { SETTING_KEYS, type SettingsAnswer, UNSET_DATE } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** What a new deployment starts with: closed, no dates (000 §9 'N/A'), no announcement. */
export const DEFAULT_SETTINGS: SettingsAnswer = {
  applicationsOpen: 'false',
  applicationStartDate: UNSET_DATE,
  applicationEndDate: UNSET_DATE,
  globalProcessAnnouncement: '',
  globalProcessLastUpdatedAt: '',
  // Issue 13: reviews are open, no cooldown, no waiting mark until an admin sets one.
  blindReview: 'false',
  blindHideApplicant: 'false',
  reapplyCooldownDays: '',
  stageWaitDays: '',
};

const FLAGS = ['applicationsOpen', 'blindReview', 'blindHideApplicant'] as const;
type Flag = (typeof FLAGS)[number];

/** 000 §3 Settings: key/value strings; keys never written read as their defaults. */
export async function readSettings(deps: Pick<RecruitmentDeps, 'db'>): Promise<SettingsAnswer> {
  const rows = await deps.db.selectFrom('recruitment_settings').select(['key', 'value']).execute();
  const settings: SettingsAnswer = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!(SETTING_KEYS as readonly string[]).includes(row.key)) continue;
    if ((FLAGS as readonly string[]).includes(row.key)) settings[row.key as Flag] = row.value === 'true' ? 'true' : 'false';
    else settings[row.key as Exclude<keyof SettingsAnswer, Flag>] = row.value;
  }
  return settings;
}
