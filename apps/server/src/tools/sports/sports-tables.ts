import type { Generated } from 'kysely';
import type { EligibilityLevel, RegistrationStatus } from '@guildhall/contracts/sports';
import type { ToolDb } from '@server/core/db/tool-db';

/** 002 §3 Sport (the counts are computed from registrations, never stored). */
export interface SportsTable {
  id: Generated<number>;
  name: string;
  description: string;
  total_spots: number;
  eligibility_level: EligibilityLevel;
  created_at: number;
}

/** One student's tryout registration for one sport (002 §3 My registration / Admin registration row). */
export interface SportRegistrationsTable {
  id: Generated<number>;
  sport_id: number;
  /** school_accounts.id */
  account_id: number;
  status: RegistrationStatus;
  created_at: number;
  updated_at: number;
}

/** 002 §3 Settings: one row (id = 1). */
export interface SportsSettingsTable {
  id: number;
  is_registration_open: number;
  updated_at: number;
}

export type SportsTables = {
  sports: SportsTable;
  sport_registrations: SportRegistrationsTable;
  sports_settings: SportsSettingsTable;
};

/** The tool's view of the database (decision 0016), built once in makeSportsDeps. */
export type SportsDb = ToolDb<SportsTables>;
