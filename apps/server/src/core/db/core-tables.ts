import type { Generated } from 'kysely';

// Times are epoch milliseconds (bigint) unless a spec says otherwise (001 §3: ban Time is seconds).

export interface SessionsTable {
  token_hash: string;
  kind: 'discord' | 'line' | 'school';
  subject: string;
  display_name: string;
  avatar: string | null;
  created_at: number;
  expires_at: number;
}

export interface GrantsTable {
  discord_id: string;
  role: string;
  granted_at: number;
}

/** 001 §3 Verification/{discordId} = robloxId (a string). */
export interface RegistryPairsTable {
  discord_id: string;
  roblox_id: string;
  updated_at: number;
}

/** 001 §3 RobloxData/{robloxId}/Ban. */
export interface RegistryBansTable {
  roblox_id: string;
  is_banned: number;
  moderator: string | null;
  reason: string | null;
  time: number | null;
  username: string | null;
  updated_at: number;
}

/** 001 §3 Infractions/{category}/{subjectId}/{id}. */
export interface RegistryInfractionsTable {
  platform: 'Discord' | 'Roblox';
  subject_id: string;
  id: number;
  moderator: string | null;
  reason: string | null;
  note: string | null;
}

/** Answers of the Discord and Roblox user APIs, kept so a failing API still has a (stale) answer. */
export interface ProfileCacheTable {
  platform: 'discord' | 'roblox';
  id: string;
  data: string;
  fetched_at: number;
}

/** 002 §3 school accounts: student id + argon2id password, shared by timetable and sports. */
export interface SchoolAccountsTable {
  id: Generated<number>;
  student_id: string;
  email: string | null;
  role: 'student' | 'developer' | 'sports_lead';
  password_hash: string;
  created_at: number;
}

export interface CoreTables {
  school_accounts: SchoolAccountsTable;
  sessions: SessionsTable;
  grants: GrantsTable;
  registry_pairs: RegistryPairsTable;
  registry_bans: RegistryBansTable;
  registry_infractions: RegistryInfractionsTable;
  profile_cache: ProfileCacheTable;
}
