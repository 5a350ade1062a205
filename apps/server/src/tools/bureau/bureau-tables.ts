import type { ToolDb } from '@server/core/db/tool-db';

/** The bureau tool's own table (SQLite only): the FTS5 trigram index of registry_pairs (migrations.ts). */
export interface BureauPairsSearchTable {
  discord_id: string;
  roblox_id: string;
}

// A type alias (not an interface) so Kysely's withTables accepts it.
export type BureauTables = {
  bureau_pairs_search: BureauPairsSearchTable;
};

/** The tool's view of the database (decision 0016), built once in makeBureauDeps. */
export type BureauDb = ToolDb<BureauTables>;
