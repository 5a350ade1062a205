import type { ApiKeyInfo } from '@guildhall/contracts/admin';
import type { RegistryBan, RegistryInfraction } from '@guildhall/contracts/bureau';

// Data factories (epic-stack style): tests build what they need from these, and the demo seed
// (demo-data.ts) is made of them too, so demo data and test data never drift apart.

let sequence = 0;
const next = () => ++sequence;

export interface DiscordUserRecord {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
}

export interface RobloxUserRecord {
  id: string;
  name: string;
  displayName: string;
  created: string;
  isBanned: boolean;
}

/** A Discord snowflake whose timestamp part is `createdAt` (Discord epoch 2015-01-01). */
export function snowflakeAt(createdAt: Date, increment = next()): string {
  const ms = BigInt(createdAt.getTime() - 1420070400000);
  return ((ms << 22n) | BigInt(increment & 0xfff)).toString();
}

export function makeDiscordUser(overrides: Partial<DiscordUserRecord> = {}): DiscordUserRecord {
  const n = next();
  return {
    id: snowflakeAt(new Date(Date.UTC(2020, 0, 1) + n * 86_400_000), n),
    username: `member_${n}`,
    global_name: `Member ${n}`,
    avatar: null,
    ...overrides,
  };
}

export function makeRobloxUser(overrides: Partial<RobloxUserRecord> = {}): RobloxUserRecord {
  const n = next();
  return {
    id: String(5_000_000 + n),
    name: `Player_${n}`,
    displayName: `Player ${n}`,
    created: new Date(Date.UTC(2018, 5, 1) + n * 86_400_000).toISOString(),
    isBanned: false,
    ...overrides,
  };
}

export function makeBan(robloxId: string, overrides: Partial<RegistryBan> = {}): RegistryBan {
  return {
    robloxId,
    isBanned: true,
    moderator: 'ModeratorMike',
    reason: 'Exploiting',
    time: 1_700_000_000,
    username: null,
    ...overrides,
  };
}

export function makeInfraction(
  platform: 'Discord' | 'Roblox',
  subjectId: string,
  overrides: Partial<RegistryInfraction> = {},
): RegistryInfraction {
  return {
    platform,
    subjectId,
    id: 1_700_000_000_000 + next() * 1000,
    moderator: 'ModeratorMike',
    reason: 'Spamming',
    note: null,
    ...overrides,
  };
}

/** A verified pair (001 §3): one Discord account linked to one Roblox account. */
export interface VerifiedPairRecord {
  discord: DiscordUserRecord;
  roblox: RobloxUserRecord;
}

export function makeVerifiedPair(
  overrides: { discord?: Partial<DiscordUserRecord>; roblox?: Partial<RobloxUserRecord> } = {},
): VerifiedPairRecord {
  return { discord: makeDiscordUser(overrides.discord), roblox: makeRobloxUser(overrides.roblox) };
}

/** A live bot API key as GET /admin/api/keys lists it (scope and scopes agree). */
export function makeApiKeyInfo(overrides: Partial<ApiKeyInfo> = {}): ApiKeyInfo {
  const scopes = overrides.scopes ?? ['bureau-bot'];
  return {
    id: 'abcd1234',
    name: 'Community bot',
    scope: scopes.join(' '),
    scopes,
    createdAt: 0,
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}
