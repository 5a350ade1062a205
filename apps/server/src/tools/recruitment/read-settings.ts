import { SETTING_KEYS, type SettingsAnswer, UNSET_DATE } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';

/** What a new deployment starts with: closed, no dates (000 §9 'N/A'), no announcement. */
export const DEFAULT_SETTINGS: SettingsAnswer = {
  applicationsOpen: 'false',
  applicationStartDate: UNSET_DATE,
  applicationEndDate: UNSET_DATE,
  globalProcessAnnouncement: '',
  globalProcessLastUpdatedAt: '',
};

/** 000 §3 Settings: key/value strings; keys never written read as their defaults. */
export async function readSettings(deps: Pick<RecruitmentDeps, 'db'>): Promise<SettingsAnswer> {
  const rows = await deps.db.selectFrom('recruitment_settings').select(['key', 'value']).execute();
  const settings: SettingsAnswer = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!(SETTING_KEYS as readonly string[]).includes(row.key)) continue;
    if (row.key === 'applicationsOpen') settings.applicationsOpen = row.value === 'true' ? 'true' : 'false';
    else settings[row.key as Exclude<keyof SettingsAnswer, 'applicationsOpen'>] = row.value;
  }
  return settings;
}
