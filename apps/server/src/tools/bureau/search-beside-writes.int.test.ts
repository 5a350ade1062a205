import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SearchRecordsQuery } from '@guildhall/contracts/bureau';
import { createTestDatabase, DIALECTS, type TestDatabase } from '@server/core/db/test-databases';
import { createLocalEventBus } from '@server/core/events/event-bus';
import { RegistryRepository } from '@server/core/registry/registry-repository';
import { makeBureauDeps } from './bureau-deps';
import { searchRegistryPairs } from './search-registry-pairs';

// Decision 0045: staff searching the records while a write holds its transaction open (a bot's burst
// of bureau writes) get the last committed state at once. On a SQLite file the app's one connection is
// held by the transaction, so the search reads on the read-only connection; PostgreSQL's pool already did.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-search-beside-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const q = (input: Record<string, unknown>) => SearchRecordsQuery.parse(input);
const STILL_WAITING = 'still waiting';
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<typeof STILL_WAITING>((resolve) => setTimeout(() => resolve(STILL_WAITING), ms))]);

describe.each(DIALECTS)('the records search beside an open write on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
  });

  it('answers at once from what has committed, and sees the write once it commits', async () => {
    database = await createTestDatabase(dialect, dialect === 'sqlite' ? { sqliteFile: path.join(tmp, `${Date.now()}.sqlite`) } : {});
    const db = database.db;
    await new RegistryRepository(db, createLocalEventBus()).upsertPair('100000000000000001', '2000001');
    const deps = makeBureauDeps({ database });

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const write = db.transaction().execute(async (trx) => {
      await trx.insertInto('registry_pairs').values({ discord_id: '100000000000000002', roblox_id: '2000002', updated_at: 1 }).execute();
      opened();
      await gate;
    });
    await isOpen;

    const committed = { items: [{ discordId: '100000000000000001', robloxId: '2000001' }], nextCursor: null };
    // A needle the trigram index answers, and one too short for it (the plain scan).
    expect(await within(10_000, searchRegistryPairs(deps, q({ q: '1000' })))).toEqual(committed);
    expect(await within(10_000, searchRegistryPairs(deps, q({ q: '' })))).toEqual(committed);
    expect(await within(10_000, searchRegistryPairs(deps, q({ type: 'roblox', q: '200000' })))).toEqual(committed);

    release();
    await write;
    expect((await searchRegistryPairs(deps, q({ q: '1000' }))).items.map((p) => p.discordId)).toEqual([
      '100000000000000001',
      '100000000000000002',
    ]);
  });
});
