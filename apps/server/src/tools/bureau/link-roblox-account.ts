import type { HistoryActor, VerifyOutcome } from '@guildhall/contracts/bureau';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import type { BureauWriteDeps } from './bureau-deps';
import { inOneTransaction } from './in-one-transaction';
import { upsertVerifiedPair } from './upsert-verified-pair';

/**
 * Issue 14 item 1: writes the pair a member proved through Roblox's OAuth. A banned Roblox account is
 * refused (the page shows the ban's reason from the public checker); an account linked to another Discord account waits for staff (one
 * pending claim per member); otherwise the pair is written with the member as its author.
 */
export async function linkRobloxAccount(
  deps: BureauWriteDeps,
  discordId: string,
  robloxId: string,
  actor: HistoryActor,
): Promise<{ outcome: VerifyOutcome }> {
  // Decision 0042: the checks and the writes they decide are one transaction, one link of this Roblox
  // account at a time. The holder was read outside any transaction, so two members proving the same
  // free account at once (PostgreSQL) both found no holder and both linked it: the account ended up
  // paired with two Discord accounts, no claim for staff to decide. A claim that loses the one-pending
  // index to the same member's other callback runs again whole and updates the winner's claim.
  return retryOnWriteConflict(() =>
    inOneTransaction(deps, (tx) => linkInTransaction(tx, discordId, robloxId, actor), `roblox:${robloxId}`),
  );
}

async function linkInTransaction(
  deps: BureauWriteDeps,
  discordId: string,
  robloxId: string,
  actor: HistoryActor,
): Promise<{ outcome: VerifyOutcome }> {
  const ban = await deps.registry.findBan(robloxId);
  if (ban?.isBanned) return { outcome: 'banned' };
  // A member whose linked account is banned does not swap it for a clean one themselves (the checker
  // then showed their Discord account verified and clear); staff can (decision 0031).
  if (await hasBannedPair(deps, discordId, robloxId)) return { outcome: 'pair_banned' };
  const holder = await deps.registry.findPairByRobloxId(robloxId);
  if (holder && holder.discordId !== discordId) {
    const pending = await deps.db
      .selectFrom('bureau_verify_claims')
      .select('id')
      .where('discord_id', '=', discordId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending)
      await deps.db
        .updateTable('bureau_verify_claims')
        .set({ roblox_id: robloxId, created_at: deps.now() })
        .where('id', '=', pending.id)
        .execute();
    else
      await deps.db
        .insertInto('bureau_verify_claims')
        .values({
          discord_id: discordId,
          roblox_id: robloxId,
          status: 'pending',
          created_at: deps.now(),
          decided_by: null,
          decided_at: null,
        })
        .execute();
    return { outcome: 'claim_pending' };
  }
  const { changed } = await upsertVerifiedPair(deps, discordId, robloxId, actor);
  // A claim the member left pending is moot now they have linked an account themselves: approved
  // later, it replaced this link with the one they had given up on.
  await deps.db.deleteFrom('bureau_verify_claims').where('discord_id', '=', discordId).where('status', '=', 'pending').execute();
  return { outcome: changed ? 'linked' : 'unchanged' };
}

/** The member's linked Roblox account, when it is banned and is not `except`. */
export async function hasBannedPair(deps: Pick<BureauWriteDeps, 'registry'>, discordId: string, except?: string): Promise<boolean> {
  const pair = await deps.registry.findPairByDiscordId(discordId);
  if (!pair || pair.robloxId === except) return false;
  return Boolean((await deps.registry.findBan(pair.robloxId))?.isBanned);
}
