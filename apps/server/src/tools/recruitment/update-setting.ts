import type { SettingsAnswer, UpdateSettingRequest } from '@guildhall/contracts/recruitment';
import type { RecruitmentDeps } from './recruitment-deps';
import type { RecruitmentDb } from './recruitment-tables';
import { readSettings } from './read-settings';
import { scheduleDailyDigest } from './post-daily-digest';

async function writeSetting(db: RecruitmentDb, key: string, value: string): Promise<void> {
  await db
    .insertInto('recruitment_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * 000 §7 POST /api/settings/update {key, value}. When the announcement changes,
 * globalProcessLastUpdatedAt (000 §3) is set in the same transaction, so the two never disagree.
 */
export async function updateSetting(
  deps: Pick<RecruitmentDeps, 'db' | 'now' | 'jobs' | 'digestHourUtc'>,
  request: UpdateSettingRequest,
): Promise<SettingsAnswer> {
  await deps.db.transaction().execute(async (trx) => {
    if (request.key === 'globalProcessAnnouncement') {
      const current = await trx.selectFrom('recruitment_settings').select('value').where('key', '=', request.key).executeTakeFirst();
      if ((current?.value ?? '') !== request.value)
        await writeSetting(trx, 'globalProcessLastUpdatedAt', new Date(deps.now()).toISOString());
    }
    await writeSetting(trx, request.key, request.value);
    // Issue 13 item 6: a wait now set starts the daily digest (the job queues its own next runs);
    // decision 0043: in the setting's transaction, so the setting never stands without its digest.
    if (request.key === 'stageWaitDays' && request.value) await scheduleDailyDigest(deps, trx);
  });
  return readSettings(deps);
}
