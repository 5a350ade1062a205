/** The bureau tool's own table (SQLite only): the FTS5 trigram index of registry_pairs (migrations.ts). */
export interface BureauPairsSearchTable {
  discord_id: string;
  roblox_id: string;
}

// A type alias (not an interface) so Kysely's withTables accepts it.
export type BureauTables = {
  bureau_pairs_search: BureauPairsSearchTable;
};
