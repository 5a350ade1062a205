import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { HistoryActor } from '@guildhall/contracts/bureau';
import { DIALECTS } from '@server/core/db/test-databases';
import { importRegistryExport } from '@server/core/registry/import-registry-export';
import { RegistryRepository } from '@server/core/registry/registry-repository';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { backendPid, blockedBy, holdTransaction, releaseHeld, waitUntil } from '@server/test-support/hold-transaction';
import { makeBureauDeps } from './bureau-deps';
import { inOneTransaction } from './in-one-transaction';
import { decideVerifyClaim } from './verify-claims';

// The registry import (import-registry CLI) beside live bureau writes on PostgreSQL: a batch holds
// every row it upserts until it commits, and a bureau write holds what it wrote while it waits for
// the next. Taken in opposite orders, PostgreSQL ends one of the two as a deadlock (40P01); the one
// waiting first is the victim. Each race is staged with real concurrent transactions, the import
// made to wait first, as a failed import did.

const ACTOR: HistoryActor = { kind: 'system', id: 'test', name: 'Test' };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-import-beside-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const exportFile = (name: string, content: object) => {
  const file = path.join(tmp, `${name}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
};

describe.each(DIALECTS)('the registry import beside live bureau writes on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    releaseHeld();
    await t?.close();
    t = undefined;
  });

  const setUp = async () => {
    t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau' } });
    const deps = { ...makeBureauDeps(t.ctx), registry: t.ctx.registry, jobs: t.ctx.jobs };
    const db = t.database.db;
    const importFile = (file: string) => importRegistryExport({ database: t!.database, registry: t!.ctx.registry, now: t!.ctx.now }, file);
    return { t, deps, db, importFile };
  };

  it.runIf(dialect === 'postgres')(
    'a batch crossing a claim decision (holder’s pair, then the claimant’s) runs again whole and imports',
    async () => {
      const { t, deps, db, importFile } = await setUp();
      // The claimant's id sorts before the holder's, so the import writes the claimant's pair first
      // whatever its file's order: the decision takes them the other way round.
      const claimant = '300000000000000001';
      const holder = '300000000000000002';
      await deps.registry.upsertPair(holder, '4000001');
      const claim = await deps.db
        .insertInto('bureau_verify_claims')
        .values({ discord_id: claimant, roblox_id: '4000001', status: 'pending', created_at: t.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const file = exportFile('pairs', { Verification: { [claimant]: '4000002', [holder]: '4000003' } });

      // Another bureau write of the claimant's pair holds its turn (inOneTransaction's oneAtATime), so
      // the decision stops after it has unlinked the holder, before it links the claimant.
      const other = holdTransaction(db, async (trx) => {
        await inOneTransaction({ ...deps, db: trx as unknown as typeof deps.db }, async () => undefined, `pair:${claimant}`);
        return backendPid(trx);
      });
      const otherPid = await other.open;
      const decision = decideVerifyClaim(deps, Number(claim.id), true, ACTOR);
      let decisionPid = 0;
      await waitUntil(async () => {
        decisionPid = (await blockedBy(db, otherPid))[0] ?? 0;
        return decisionPid !== 0;
      });

      // The import writes the claimant's new pair, then waits for the decision's unlinked holder.
      const imported = importFile(file);
      await waitUntil(async () => (await blockedBy(db, decisionPid)).length > 0);
      // The decision goes on to link the claimant, whose row the import holds: a deadlock.
      other.release();
      await other.done;

      expect(await decision).toEqual({ id: Number(claim.id), status: 'approved' });
      expect(await imported).toMatchObject({ pairs: 2, skipped: 0 });
      // The import ran again after the decision committed: its pairs are the last written.
      expect(await deps.registry.findPairByDiscordId(claimant)).toEqual({ discordId: claimant, robloxId: '4000002' });
      expect(await deps.registry.findPairByDiscordId(holder)).toEqual({ discordId: holder, robloxId: '4000003' });
    },
  );

  it.runIf(dialect === 'postgres')(
    'a batch beside a case amendment (its infraction, then its ban) waits for it instead of crossing it',
    async () => {
      const { deps, db, importFile } = await setUp();
      const robloxId = '4000010';
      const infraction = { platform: 'Roblox' as const, subjectId: robloxId, id: 1_710_000_000_000 };
      await deps.registry.addInfraction({ ...infraction, moderator: 'Mike', reason: 'Derailing', note: null });
      const ban = { robloxId, isBanned: true, moderator: 'Mike', reason: 'Derailing', time: 1_722_470_400, username: 'Dan' };
      await deps.registry.setBan(ban);
      // The export the registry came from, imported again while staff amend the ban case's reason.
      const file = exportFile('bans', {
        RobloxData: {
          [robloxId]: { Ban: { isBanned: true, Moderator: 'Mike', Reason: 'Derailing', Time: 1_722_470_400, Username: 'Dan' } },
        },
        Infractions: { Roblox: { [robloxId]: { [infraction.id]: { Moderator: 'Mike', Reason: 'Derailing', Note: '' } } } },
      });

      // The amendment's transaction (amend-case.ts) as it stands between its two registry writes: it
      // has written the infraction's new reason and has yet to write the ban's.
      const amendment = holdTransaction(db, async (trx) => {
        const registry = new RegistryRepository(trx, { publish: async () => undefined });
        await registry.addInfraction({ ...infraction, moderator: 'Mike', reason: 'Derailing trains', note: null });
        return { registry, pid: await backendPid(trx) };
      });
      const { registry, pid } = await amendment.open;
      const imported = importFile(file);
      await waitUntil(async () => (await blockedBy(db, pid)).length > 0);
      // The amendment writes the ban: a batch that had written it before the infraction held it.
      await registry.setBan({ ...ban, reason: 'Derailing trains' });
      amendment.release();
      await amendment.done;

      expect(await imported).toMatchObject({ bans: 1, infractions: 1, skipped: 0 });
      // The import committed after the amendment: the export's text is the last written.
      expect(await deps.registry.findBan(robloxId)).toMatchObject({ reason: 'Derailing' });
      expect(await deps.registry.listInfractions('Roblox', robloxId)).toEqual([
        { ...infraction, moderator: 'Mike', reason: 'Derailing', note: null },
      ]);
    },
  );

  it.runIf(dialect === 'postgres')('two imports of the same pairs in opposite orders do not cross', async () => {
    const { db, importFile } = await setUp();
    const first = '300000000000000011';
    const second = '300000000000000012';
    // The other import, as it stands after writing its first pair.
    const other = holdTransaction(db, async (trx) => {
      await trx.insertInto('registry_pairs').values({ discord_id: first, roblox_id: '4000021', updated_at: 1 }).execute();
      return { trx, pid: await backendPid(trx) };
    });
    const { trx, pid } = await other.open;
    // This file lists them the other way round.
    const imported = importFile(exportFile('reversed', { Verification: { [second]: '4000032', [first]: '4000031' } }));
    await waitUntil(async () => (await blockedBy(db, pid)).length > 0);
    await trx.insertInto('registry_pairs').values({ discord_id: second, roblox_id: '4000022', updated_at: 1 }).execute();
    other.release();
    await other.done;

    expect(await imported).toMatchObject({ pairs: 2, skipped: 0 });
    const rows = await db.selectFrom('registry_pairs').select(['discord_id', 'roblox_id']).orderBy('discord_id').execute();
    expect(rows).toEqual([
      { discord_id: first, roblox_id: '4000031' },
      { discord_id: second, roblox_id: '4000032' },
    ]);
  });
});
