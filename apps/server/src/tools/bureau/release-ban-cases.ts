import type { BureauWriteDeps } from './bureau-deps';

/**
 * A ban written or cleared directly (the bot API's /bans) is no case's any more: the Roblox account's
 * ban cases not yet lifted are marked lifted, so an older case's expiry does not clear the newer ban
 * (it did, and the checker then answered Not Found), and a hidden case no longer hides the moderator
 * and reason of a ban it did not write (decision 0031). Runs in the write's transaction.
 */
export async function releaseBanCases(tx: BureauWriteDeps, robloxId: string): Promise<void> {
  await tx.db
    .updateTable('bureau_cases')
    .set({ lifted_at: tx.now() })
    .where('platform', '=', 'Roblox')
    .where('subject_id', '=', robloxId)
    .where('type', '=', 'ban')
    .where('lifted_at', 'is', null)
    .execute();
}
