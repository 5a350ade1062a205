import type {
  HistoryActor,
  VerifyClaimApproveRequest,
  VerifyClaimDecisionAnswer,
  VerifyClaimsAnswer,
  VerifyStatusAnswer,
} from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';
import { DomainError } from '@server/core/errors/domain-error';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import type { BureauWriteDeps } from './bureau-deps';
import { deleteVerifiedPair } from './delete-verified-pair';
import { upsertVerifiedPair } from './upsert-verified-pair';
import { inOneTransaction } from './in-one-transaction';

/** Issue 14 item 1: the member's own pair and pending claim (GET /bureau/api/verify/me). */
export async function verifyStatus(
  deps: BureauWriteDeps & Pick<AppContext, 'lookup' | 'config'>,
  discordId: string,
): Promise<VerifyStatusAnswer> {
  const pair = await deps.registry.findPairByDiscordId(discordId);
  const claim = await deps.db
    .selectFrom('bureau_verify_claims')
    .selectAll()
    .where('discord_id', '=', discordId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const roblox = pair ? await deps.lookup.robloxUser(pair.robloxId) : null;
  return {
    discordId,
    robloxId: pair?.robloxId ?? null,
    robloxUsername: roblox?.profile?.username ?? null,
    pendingClaim: claim ? { id: Number(claim.id), robloxId: claim.roblox_id, createdAt: Number(claim.created_at) } : null,
    canLink: Boolean(deps.config.ROBLOX_OAUTH_CLIENT_ID && deps.config.ROBLOX_OAUTH_CLIENT_SECRET),
  };
}

/**
 * Pending claims, oldest first, with the Discord account each Roblox account is linked to now and
 * whether it is banned (approval is refused then: staff see why before they try), and the claimant's own
 * linked account when that one is banned: approval is allowed then (decision 0031), and moves the
 * claimant off the ban, so staff see it and its reason before they decide.
 */
export async function listVerifyClaims(deps: BureauWriteDeps): Promise<VerifyClaimsAnswer> {
  const rows = await deps.db
    .selectFrom('bureau_verify_claims')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(500)
    .execute();
  const claims = [];
  for (const row of rows) {
    const holder = await deps.registry.findPairByRobloxId(row.roblox_id);
    const ban = await deps.registry.findBan(row.roblox_id);
    const own = await deps.registry.findPairByDiscordId(row.discord_id);
    const ownBan = own && own.robloxId !== row.roblox_id ? await deps.registry.findBan(own.robloxId) : null;
    claims.push({
      id: Number(row.id),
      discordId: row.discord_id,
      robloxId: row.roblox_id,
      linkedDiscordId: holder?.discordId ?? null,
      banned: ban?.isBanned ?? false,
      createdAt: Number(row.created_at),
      claimantBan: own && ownBan?.isBanned ? { robloxId: own.robloxId, reason: ownBan.reason } : null,
    });
  }
  return { claims };
}

/**
 * Staff decide a claim. Approved: the Roblox account leaves the Discord account(s) it was linked to
 * and is linked to the claimant, each change in the history under the staff member's name.
 */
export async function decideVerifyClaim(
  deps: BureauWriteDeps,
  id: number,
  approve: boolean,
  actor: HistoryActor,
  expected?: VerifyClaimApproveRequest,
): Promise<VerifyClaimDecisionAnswer> {
  const status = approve ? 'approved' : 'refused';
  // Decision 0042: the decision and the pairs it relinks are kept together or not at all (an approved
  // claim whose link failed could not be decided again).
  // PostgreSQL may end one of two decisions whose pairs cross as a deadlock: it runs again whole.
  await retryOnWriteConflict(() =>
    inOneTransaction(deps, async (outer) => {
      const claim = await outer.db.selectFrom('bureau_verify_claims').selectAll().where('id', '=', id).executeTakeFirst();
      if (!claim) throw new DomainError('not_found', `There is no claim ${id}.`);
      // One link of this Roblox account at a time, as a member's own link takes it (link-roblox-account.ts),
      // and in its order, before the claim and the pairs: an approval beside a member's link still
      // uncommitted read no holder, and the account ended up paired with both (no index forbids it).
      await inOneTransaction(outer, (tx) => decideLocked(tx, claim, status, actor, expected), `roblox:${claim.roblox_id}`);
    }),
  );
  return { id, status };
}

async function decideLocked(
  tx: BureauWriteDeps,
  claim: { id: number | bigint; discord_id: string; roblox_id: string },
  status: 'approved' | 'refused',
  actor: HistoryActor,
  expected: VerifyClaimApproveRequest | undefined,
): Promise<void> {
  const id = Number(claim.id);
  const approve = status === 'approved';
  const decided = await tx.db
    .updateTable('bureau_verify_claims')
    .set({ status, decided_by: actor.id, decided_at: tx.now() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    // The account whose turn was taken: the member may have claimed another one since it was read.
    .where('roblox_id', '=', claim.roblox_id)
    .executeTakeFirst();
  if (Number(decided.numUpdatedRows) === 0) {
    const now = await tx.db.selectFrom('bureau_verify_claims').select('status').where('id', '=', id).executeTakeFirst();
    if (now?.status === 'pending')
      throw new DomainError(
        'conflict',
        'The member has claimed another Roblox account since you read this claim. Look at it again, then decide.',
      );
    throw new DomainError('bureau.claim_decided');
  }
  if (approve) {
    // As a link the member makes themselves (link-roblox-account.ts): a banned account is not linked,
    // also when the ban came after the claim.
    if ((await tx.registry.findBan(claim.roblox_id))?.isBanned) throw new DomainError('bureau.claim_banned');
    // Decision 0059: the holder staff saw. One who linked the account since (the holder unlinked,
    // another member linked it) would be unlinked unseen: staff are told instead.
    const holder = (await tx.registry.findPairByRobloxId(claim.roblox_id))?.discordId ?? null;
    if (expected && holder !== expected.expectedLinkedDiscordId)
      throw new DomainError(
        'conflict',
        `Roblox ${claim.roblox_id} is now linked to ${holder ? `Discord ${holder}` : 'no Discord account'}, not as it was when you read this claim. Look at it again, then decide.`,
      );
    for (
      let holder = await tx.registry.findPairByRobloxId(claim.roblox_id);
      holder;
      holder = await tx.registry.findPairByRobloxId(claim.roblox_id)
    ) {
      if (holder.discordId === claim.discord_id) break;
      await deleteVerifiedPair(tx, holder.discordId, actor);
    }
    await upsertVerifiedPair(tx, claim.discord_id, claim.roblox_id, actor);
  }
}
