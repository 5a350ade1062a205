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
  /** Issue 16 item 3: school-local dates (YYYY-MM-DD, SCHOOL_TIME_ZONE), both inclusive; null = no limit. */
  registration_opens_on: string | null;
  registration_closes_on: string | null;
  /** Issue 16 item 4: one of SPORT_IMAGES; null = chosen from the name (002 §7). */
  image: string | null;
  /** Archived sports are hidden from students and refuse registrations; their rows stay. */
  archived_at: number | null;
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
  /** Issue 16 item 3: a reserve's place on the waiting list (earliest first); null when not a reserve. */
  queued_at: number | null;
  /** When the student moved up from the waiting list to Main Player (told in the app). */
  moved_up_at: number | null;
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
