import type { RegistryBan, RegistryInfraction } from '@guildhall/contracts/bureau';
import {
  type DiscordUserRecord,
  type RobloxUserRecord,
  makeBan,
  makeDiscordUser,
  makeInfraction,
  makeRobloxUser,
  snowflakeAt,
} from './factories';

// The demo community: seeded into an empty database outside production, served by the fake
// Discord and Roblox APIs in tests, and offered by the development sign-in page.

export interface DemoPerson {
  /** Short handle for tests and the dev sign-in page. */
  key: 'staff' | 'admin' | 'member' | 'thai' | 'banned' | 'unverified';
  label: string;
  description: string;
  discord: DiscordUserRecord;
  roblox: RobloxUserRecord | null;
  grants: Array<'bureau-staff' | 'recruitment-admin'>;
}

// Built from the same factories as test data, with the values the demo pages and tests name.
const discord = (id: string, username: string, global_name: string) => makeDiscordUser({ id, username, global_name });
const roblox = (id: string, name: string, displayName: string, created: string, isBanned = false) =>
  makeRobloxUser({ id, name, displayName, created, isBanned });

export const demoPeople: DemoPerson[] = [
  {
    key: 'staff',
    label: 'Bureau staff',
    description: 'Verified member with the bureau-staff grant',
    discord: discord(snowflakeAt(new Date('2019-03-14T09:00:00Z'), 1), 'registrar.rose', 'Registrar Rose'),
    roblox: roblox('1200001', 'RoseRegistrar', 'Rose', '2017-06-02T10:00:00Z'),
    grants: ['bureau-staff'],
  },
  {
    key: 'admin',
    label: 'Recruitment admin',
    description: 'Verified member with the recruitment-admin grant',
    discord: discord(snowflakeAt(new Date('2018-11-05T12:00:00Z'), 2), 'chief.dispatcher', 'Chief Dispatcher'),
    roblox: roblox('1200002', 'ChiefDispatcher', 'Chief', '2016-01-20T10:00:00Z'),
    grants: ['recruitment-admin'],
  },
  {
    key: 'member',
    label: 'Verified member',
    description: 'Verified member with no grants',
    discord: discord(snowflakeAt(new Date('2021-07-22T08:30:00Z'), 3), 'signal.sam', 'Signal Sam'),
    roblox: roblox('1200003', 'SignalSam', 'Sam the Signaller', '2020-02-29T10:00:00Z'),
    grants: [],
  },
  {
    key: 'thai',
    label: 'Thai member',
    description: 'Verified member with a Thai display name',
    discord: discord(snowflakeAt(new Date('2022-01-10T03:00:00Z'), 4), 'somchai.rail', 'สมชาย ใจดี'),
    roblox: roblox('1200004', 'SomchaiRail', 'สมชาย รถไฟ', '2019-09-09T10:00:00Z'),
    grants: [],
  },
  {
    key: 'banned',
    label: 'Banned member',
    description: 'Verified member whose Roblox account is banned',
    discord: discord(snowflakeAt(new Date('2020-05-05T05:00:00Z'), 5), 'derail.dan', 'Derail Dan'),
    roblox: roblox('1200005', 'DerailDan', 'Dan', '2018-04-01T10:00:00Z', true),
    grants: [],
  },
  {
    key: 'unverified',
    label: 'Unverified visitor',
    description: 'Discord account with no verified pair',
    discord: discord(snowflakeAt(new Date('2023-08-08T08:00:00Z'), 6), 'new.visitor', 'New Visitor'),
    roblox: null,
    grants: [],
  },
];

/** 001 §3: a Roblox ban with no verified pair, so the checker shows 'User Not Verified'. */
export const demoUnpairedBan: RegistryBan = makeBan('1200099', {
  moderator: null,
  reason: 'Ban evasion',
  time: 1_719_792_000,
  username: 'EvasiveEve',
});

export const demoBans: RegistryBan[] = [
  makeBan('1200005', { moderator: 'ModeratorMike', reason: 'Derailing trains on purpose', time: 1_722_470_400, username: 'DerailDan' }),
  demoUnpairedBan,
];

export const demoInfractions: RegistryInfraction[] = [
  makeInfraction('Discord', demoPeople[4]!.discord.id, {
    id: 1_700_000_000_000,
    moderator: 'ModeratorMike',
    reason: 'Spamming in #general',
    note: null,
  }),
  makeInfraction('Roblox', '1200005', {
    id: 1_710_000_000_000,
    moderator: 'ModeratorMike',
    reason: 'Derailing trains on purpose',
    note: 'Third warning',
  }),
  makeInfraction('Discord', demoPeople[3]!.discord.id, {
    id: 1_705_000_000_000,
    moderator: 'ผู้ดูแล สมศรี',
    reason: null,
    note: 'ตักเตือนด้วยวาจา',
  }),
];

export function demoPerson(key: DemoPerson['key']): DemoPerson {
  const person = demoPeople.find((p) => p.key === key);
  if (!person) throw new Error(`no demo person ${key}`);
  return person;
}
