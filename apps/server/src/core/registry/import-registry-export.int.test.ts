import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../db/test-databases';
import { createLocalEventBus, type EventBus, type GuildhallEvent } from '../events/event-bus';
import { ImportError, importRegistryExport } from './import-registry-export';
import { REGISTRY_TOPIC, RegistryRepository } from './registry-repository';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => path.join(fixtures, name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-import-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe.each(DIALECTS)('importRegistryExport on %s', (dialect) => {
  let database: TestDatabase;
  let events: EventBus;
  let registry: RegistryRepository;
  let clock: number;
  let heard: GuildhallEvent[];
  const now = () => clock;
  const deps = () => ({ database, registry, now });

  beforeEach(async () => {
    clock = 1_760_000_000_000;
    database = await createTestDatabase(dialect);
    events = createLocalEventBus();
    heard = [];
    events.subscribe(REGISTRY_TOPIC, (e) => heard.push(e));
    registry = new RegistryRepository(database.db, events, now);
  });
  afterEach(async () => {
    await events.close();
    await database.close();
  });

  async function rowCounts() {
    const count = async (table: 'registry_pairs' | 'registry_bans' | 'registry_infractions') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { pairs: await count('registry_pairs'), bans: await count('registry_bans'), infractions: await count('registry_infractions') };
  }

  it('imports the 001 §3 export, reports each bad entry by path, and a re-import adds nothing', async () => {
    const first = await importRegistryExport(deps(), fixture('registry-export.json'));
    expect({ pairs: first.pairs, bans: first.bans, infractions: first.infractions }).toEqual({ pairs: 3, bans: 3, infractions: 3 });
    expect(await rowCounts()).toEqual({ pairs: 3, bans: 3, infractions: 3 });
    const paths = first.problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'Verification/not-a-snowflake',
        'Verification/530000000000000001',
        'RobloxData/1200100/Ban',
        'RobloxData/1200101/Ban',
        'Infractions/Roblox/1200005/yesterday',
        'Infractions/Twitter',
        'Settings',
      ]),
    );
    expect(first.skipped).toBe(7);
    expect(first.problems.find((p) => p.path === 'RobloxData/1200100/Ban')?.message).toMatch(/isBanned/);
    expect(first.problems.find((p) => p.path === 'RobloxData/1200101/Ban')?.message).toMatch(/Time/);

    // 001 §3: values as stored; a numeric Roblox id is kept as its digits, empty text is null.
    expect(await registry.findPairByDiscordId('512345678901234567')).toEqual({ discordId: '512345678901234567', robloxId: '1200003' });
    expect(await registry.findBan('1200099')).toEqual({
      robloxId: '1200099',
      isBanned: true,
      moderator: null,
      reason: 'Ban evasion',
      time: 1_719_792_000,
      username: 'EvasiveEve',
    });
    expect(await registry.listInfractions('Discord', '496205118417010689')).toEqual([
      {
        platform: 'Discord',
        subjectId: '496205118417010689',
        id: 1_700_000_000_000,
        moderator: 'ModeratorMike',
        reason: 'Spamming in #general',
        note: null,
      },
      {
        platform: 'Discord',
        subjectId: '496205118417010689',
        id: 1_705_000_000_000,
        moderator: 'ผู้ดูแล สมศรี',
        reason: null,
        note: 'ตักเตือนด้วยวาจา',
      },
    ]);
    await expect.poll(() => heard.map((e) => e.payload)).toEqual([{ kind: 'imported', pairs: 3, bans: 3, infractions: 3 }]);

    const before = await database.db.selectFrom('registry_pairs').selectAll().orderBy('discord_id').execute();
    clock += 60_000;
    const second = await importRegistryExport(deps(), fixture('registry-export.json'));
    expect(second.skipped).toBe(7);
    expect(await rowCounts()).toEqual({ pairs: 3, bans: 3, infractions: 3 });
    // Unchanged pairs keep their time, so "the oldest pair wins" (001 §5) is not reshuffled.
    expect(await database.db.selectFrom('registry_pairs').selectAll().orderBy('discord_id').execute()).toEqual(before);
  });

  it('a changed export updates the pair it changes', async () => {
    await importRegistryExport(deps(), fixture('registry-export.json'));
    const file = path.join(tmp, `changed-${dialect}.json`);
    fs.writeFileSync(file, JSON.stringify({ Verification: { '496205118417010689': '7777777' } }));
    clock += 1000;
    const report = await importRegistryExport(deps(), file);
    expect(report).toMatchObject({ pairs: 1, bans: 0, infractions: 0, skipped: 0 });
    const row = await database.db
      .selectFrom('registry_pairs')
      .selectAll()
      .where('discord_id', '=', '496205118417010689')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ roblox_id: '7777777', updated_at: clock });
  });

  it('imports the three CSV kinds (decided by the header), idempotently, naming bad lines', async () => {
    const pairs = await importRegistryExport(deps(), fixture('registry-pairs.csv'));
    const bans = await importRegistryExport(deps(), fixture('registry-bans.csv'));
    const infractions = await importRegistryExport(deps(), fixture('registry-infractions.csv'));
    expect([pairs.pairs, bans.bans, infractions.infractions]).toEqual([3, 3, 3]);
    expect(pairs.problems.map((p) => p.path)).toEqual([
      'registry-pairs.csv line 5',
      'registry-pairs.csv line 6',
      'registry-pairs.csv line 7',
    ]);
    expect(pairs.problems[0]!.message).toMatch(/discordId/);
    expect(pairs.problems[2]!.message).toBe('expected 2 fields, found 1');
    expect(bans.problems).toEqual([{ path: 'registry-bans.csv line 5', message: expect.stringMatching(/isBanned/) }]);
    expect(infractions.problems.map((p) => p.path)).toEqual(['registry-infractions.csv line 5', 'registry-infractions.csv line 6']);
    expect(await registry.findBan('1200099')).toMatchObject({ reason: 'Ban evasion, second account', moderator: null });
    expect(await rowCounts()).toEqual({ pairs: 3, bans: 3, infractions: 3 });

    for (const name of ['registry-pairs.csv', 'registry-bans.csv', 'registry-infractions.csv'])
      await importRegistryExport(deps(), fixture(name));
    expect(await rowCounts()).toEqual({ pairs: 3, bans: 3, infractions: 3 });
  });

  it('reports a malformed CSV record (a stray quote) by line instead of failing the file', async () => {
    const file = path.join(tmp, `quotes-${dialect}.csv`);
    fs.writeFileSync(file, '\ufeffDiscordID,RobloxID\r\n496205118417010689,1200001\r\n480012345678901234,12"00002\r\n');
    const report = await importRegistryExport(deps(), file);
    expect(report).toMatchObject({ pairs: 1, skipped: 1 });
    expect(report.problems[0]).toEqual({ path: `quotes-${dialect}.csv line 3`, message: expect.stringMatching(/quote/i) });
  });

  it('streams a large CSV through many batches, the last duplicate of a key winning', async () => {
    const file = path.join(tmp, `many-${dialect}.csv`);
    const lines = ['robloxId,discordId'];
    for (let i = 0; i < 12_000; i++) lines.push(`${9_000_000 + i},${100_000_000_000 + i}`);
    lines.push(`7777777,${100_000_000_000 + 5}`);
    fs.writeFileSync(file, lines.join('\n'));
    const report = await importRegistryExport(deps(), file, { batchSize: 1000 });
    expect(report).toMatchObject({ pairs: 12_001, skipped: 0 });
    expect((await rowCounts()).pairs).toBe(12_000);
    expect(await registry.findPairByDiscordId(String(100_000_000_005))).toMatchObject({ robloxId: '7777777' });
  });

  it('refuses a whole file it cannot read, writing nothing and publishing nothing', async () => {
    const header = path.join(tmp, `header-${dialect}.csv`);
    fs.writeFileSync(header, 'who,what\n1,2\n');
    await expect(importRegistryExport(deps(), header)).rejects.toThrow(/unknown header row "who,what"/);
    const broken = path.join(tmp, `broken-${dialect}.json`);
    fs.writeFileSync(broken, '{"Verification": ');
    await expect(importRegistryExport(deps(), broken)).rejects.toBeInstanceOf(ImportError);
    await expect(importRegistryExport(deps(), path.join(tmp, 'missing.json'))).rejects.toThrow(/no such file/);
    await expect(importRegistryExport(deps(), fixture('../registry-repository.ts'))).rejects.toThrow(/\.json .* or \.csv/);
    expect(await rowCounts()).toEqual({ pairs: 0, bans: 0, infractions: 0 });
    expect(heard).toEqual([]);
  });
});
