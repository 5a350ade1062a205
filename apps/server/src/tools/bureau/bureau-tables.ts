import type { Generated } from 'kysely';
import type { CaseType } from '@guildhall/contracts/bureau';
import type { ToolDb } from '@server/core/db/tool-db';

/** The bureau tool's own table (SQLite only): the FTS5 trigram index of registry_pairs (migrations.ts). */
export interface BureauPairsSearchTable {
  discord_id: string;
  roblox_id: string;
}

/**
 * Issue 14 item 5: every change to a pair, ban or case, by staff, a member or a bot (its API key):
 * who, when, and the record before and after (JSON text; null when it did not exist).
 */
export interface BureauHistoryTable {
  id: Generated<number>;
  entity: 'pair' | 'ban' | 'case';
  /** The pair's Discord ID, the ban's Roblox ID, or the case number. */
  entity_key: string;
  /** The accounts the change concerns, so the infraction page finds it by either ID. */
  discord_id: string | null;
  roblox_id: string | null;
  action: string;
  actor_kind: 'staff' | 'member' | 'bot' | 'system';
  actor_id: string;
  actor_name: string | null;
  at: number;
  before_json: string | null;
  after_json: string | null;
}

/**
 * Issue 14 item 2: what makes an infraction (registry_infractions, 001 §3) a case. The id is the case
 * number: counted for the whole community and never reused (AUTOINCREMENT / serial).
 */
export interface BureauCasesTable {
  id: Generated<number>;
  platform: 'Discord' | 'Roblox';
  subject_id: string;
  /** registry_infractions.id: the 001 §3 epoch-like id. */
  infraction_id: number;
  type: CaseType;
  expires_at: number | null;
  hidden: number;
  /** When an expired ban case lifted its ban (so it is lifted once). */
  lifted_at: number | null;
  created_at: number;
}

export interface BureauCaseNotesTable {
  id: Generated<number>;
  case_id: number;
  body: string;
  actor_kind: BureauHistoryTable['actor_kind'];
  actor_id: string;
  actor_name: string | null;
  at: number;
}

/** Issue 14 item 1: a member's claim on a Roblox account already linked to another Discord account. */
export interface BureauVerifyClaimsTable {
  id: Generated<number>;
  discord_id: string;
  roblox_id: string;
  status: 'pending' | 'approved' | 'refused';
  created_at: number;
  decided_by: string | null;
  decided_at: number | null;
}

// A type alias (not an interface) so Kysely's withTables accepts it.
export type BureauTables = {
  bureau_verify_claims: BureauVerifyClaimsTable;
  bureau_pairs_search: BureauPairsSearchTable;
  bureau_history: BureauHistoryTable;
  bureau_cases: BureauCasesTable;
  bureau_case_notes: BureauCaseNotesTable;
};

/** The tool's view of the database (decision 0016), built once in makeBureauDeps. */
export type BureauDb = ToolDb<BureauTables>;
