import { openBenchDatabase } from './support';

// Realistic ids: Discord snowflakes spread over 2016-2024 (so their digits vary like real ones) and
// Roblox ids of 7-10 digits. Deterministic, so runs compare.
const DISCORD_EPOCH = 1_420_070_400_000;
const SPAN_MS = 283_996_800_000; // nine years
export function benchDiscordId(i: number): string {
  const ms = ((BigInt(i) * 2_654_435_761n) % BigInt(SPAN_MS)) + 31_536_000_000n;
  return ((ms << 22n) | BigInt(i % 4096)).toString();
}
export function benchRobloxId(i: number): string {
  return String(1_000_000 + ((i * 48_271) % 4_000_000_000));
}
export { DISCORD_EPOCH };

/** A migrated SQLite file under dataDir with `pairs` verified pairs (the FTS index fills through its triggers). */
export async function seedBureauPairs(dataDir: string, pairs: number): Promise<string> {
  const { file, sqlite } = await openBenchDatabase(dataDir);
  const insert = sqlite.prepare('insert into registry_pairs (discord_id, roblox_id, updated_at) values (?, ?, ?)');
  const now = Date.now();
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) insert.run(benchDiscordId(i), benchRobloxId(i), now);
  });
  for (let from = 0; from < pairs; from += 100_000) batch(from, Math.min(pairs, from + 100_000));
  sqlite.pragma('optimize');
  sqlite.close();
  return file;
}
