import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRecordsQuery } from '@guildhall/contracts/bureau';
import { makeDiscordUser, makeRobloxUser } from '@guildhall/testkit/factories';
import { createTestDatabase, DIALECTS, type TestDatabase } from '@server/core/db/test-databases';
import { createLocalEventBus } from '@server/core/events/event-bus';
import { RegistryRepository } from '@server/core/registry/registry-repository';
import { makeBureauDeps } from './bureau-deps';
import { searchRegistryPairs } from './search-registry-pairs';

const q = (input: Record<string, unknown>) => SearchRecordsQuery.parse(input);

describe.each(DIALECTS)('searchRegistryPairs on %s', (dialect) => {
  let database: TestDatabase;
  let registry: RegistryRepository;
  const pairs: Array<{ discordId: string; robloxId: string }> = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    registry = new RegistryRepository(database.db, createLocalEventBus());
    for (let i = 0; i < 60; i++) {
      const pair = { discordId: makeDiscordUser().id, robloxId: makeRobloxUser().id };
      pairs.push(pair);
      await registry.upsertPair(pair.discordId, pair.robloxId);
    }
    pairs.sort((a, b) => (a.discordId < b.discordId ? -1 : 1));
  });
  afterAll(() => database.close());

  /** Every page of a search, following nextCursor. */
  async function all(input: Record<string, unknown>, scanWindow?: number) {
    const found: string[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const page = await searchRegistryPairs(makeBureauDeps({ database }), q({ ...input, ...(after ? { after } : {}) }), { scanWindow });
      found.push(...page.items.map((p) => p.discordId));
      if (!page.nextCursor) return found;
      after = page.nextCursor;
    }
    throw new Error('no last page');
  }

  // 001 §5: substring match on the chosen id type, in Discord-id order. A tiny scan window forces the
  // trigram-index half of the search (FTS5 / pg_trgm) as well as the ordered scan.
  it.each([undefined, 2, 7])('matches exactly what a substring filter would, on both id types (scan window %s)', async (scanWindow) => {
    const sample = pairs[17]!;
    const needles: Array<[string, 'discord' | 'roblox']> = [
      [sample.discordId.slice(3, 9), 'discord'],
      [sample.discordId.slice(-4), 'discord'],
      [sample.discordId.slice(0, 2), 'discord'],
      ['0', 'discord'],
      [sample.robloxId.slice(1, 5), 'roblox'],
      [sample.robloxId.slice(-3), 'roblox'],
      ['99999999999', 'discord'],
    ];
    for (const [needle, type] of needles) {
      const column = type === 'discord' ? 'discordId' : 'robloxId';
      const expected = pairs.filter((p) => p[column].includes(needle)).map((p) => p.discordId);
      expect(await all({ type, q: needle, limit: 5 }, scanWindow), `${type} ${needle}`).toEqual(expected);
    }
  });

  // Issue 17 item 3: PostgreSQL asks pg_trgm for 7 of a longer needle's digits and checks the whole
  // needle on the rows found; ids holding only part of it (or only its trigrams) must not come back.
  it.each([undefined, 2])('matches the whole of a long needle, not a part of it (scan window %s)', async (scanWindow) => {
    const partly = [
      { discordId: '512345678901234567', robloxId: '4000000001' },
      { discordId: '512345670001234560', robloxId: '4000000002' },
      { discordId: '519999999900000000', robloxId: '4000000003' },
      { discordId: '519990999099900000', robloxId: '4000000004' },
    ];
    for (const pair of partly) await registry.upsertPair(pair.discordId, pair.robloxId);
    try {
      const everyone = [...pairs, ...partly].sort((a, b) => (a.discordId < b.discordId ? -1 : 1));
      for (const needle of ['123456789', '12345678901', '99999999']) {
        const expected = everyone.filter((p) => p.discordId.includes(needle)).map((p) => p.discordId);
        expect(expected.length, needle).toBeGreaterThan(0);
        expect(await all({ type: 'discord', q: needle, limit: 5 }, scanWindow), needle).toEqual(expected);
      }
    } finally {
      for (const pair of partly) await registry.deletePair(pair.discordId);
    }
  });

  it('pages through the whole list in order with a keyset cursor', async () => {
    const first = await searchRegistryPairs(makeBureauDeps({ database }), q({ limit: 25 }));
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toBe(pairs[24]!.discordId);
    expect(await all({ limit: 25 })).toEqual(pairs.map((p) => p.discordId));
  });

  it('trims the query, and a non-digit query matches nothing (ids are digits)', async () => {
    const sample = pairs[3]!;
    expect((await searchRegistryPairs(makeBureauDeps({ database }), q({ q: `  ${sample.discordId}  ` }))).items).toEqual([sample]);
    expect((await searchRegistryPairs(makeBureauDeps({ database }), q({ q: 'abc' }))).items).toEqual([]);
  });

  it('keeps the index in step with upserts and deletes (triggers on SQLite)', async () => {
    const fresh = { discordId: makeDiscordUser().id, robloxId: '987654321' };
    await registry.upsertPair(fresh.discordId, fresh.robloxId);
    expect(await all({ type: 'roblox', q: '8765432' }, 2)).toEqual([fresh.discordId]);
    await registry.upsertPair(fresh.discordId, '111222333');
    expect(await all({ type: 'roblox', q: '8765432' }, 2)).toEqual([]);
    expect(await all({ type: 'roblox', q: '1222333' }, 2)).toEqual([fresh.discordId]);
    await registry.deletePair(fresh.discordId);
    expect(await all({ type: 'roblox', q: '1222333' }, 2)).toEqual([]);
    expect(await all({ type: 'discord', q: fresh.discordId }, 2)).toEqual([]);
  });
});
