import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { inChunks } from '../db/in-chunks';
import { retryOnWriteConflict } from '../db/retry-on-write-conflict';
import type { CoreTables, RegistryBansTable, RegistryInfractionsTable, RegistryPairsTable } from '../db/core-tables';
import { describeZodError, safeParseInput } from '../http/parse-input';
import {
  BanCsvRow,
  CSV_HEADERS,
  type CsvKind,
  ExportBan,
  ExportDiscordId,
  ExportInfraction,
  ExportInfractionId,
  ExportPlatform,
  ExportRobloxId,
  ExportSubjectId,
  InfractionCsvRow,
  PairCsvRow,
} from './registry-export-schema';

/** One skipped entry: where it is in the file (`Verification/123`, `pairs.csv line 7`) and why. */
export interface ImportProblem {
  path: string;
  message: string;
}

export interface ImportRegistryReport {
  /** Entries written (a re-import writes the same entries again and adds no rows). */
  pairs: number;
  bans: number;
  infractions: number;
  /** Every bad entry skipped; `problems` lists the first `maxProblems` of them. */
  skipped: number;
  problems: ImportProblem[];
}

export interface ImportRegistryOptions {
  /** Rows written per transaction. */
  batchSize?: number;
  /** How many problems the report keeps (all are counted). */
  maxProblems?: number;
  /** Overrides detection by file extension. */
  format?: 'json' | 'csv';
}

/** The whole file cannot be imported (unreadable, not JSON, a CSV header we do not know). Nothing was written. */
export class ImportError extends Error {
  override name = 'ImportError';
}

type Deps = Pick<AppContext, 'database' | 'registry' | 'now'>;

// A JSON export is parsed whole; beyond this size the CSV form (streamed) is the way in.
const MAX_JSON_BYTES = 512 * 1024 * 1024;
// SQLite allows 32766 bound values per statement; 500 rows x 7 columns stays far below it.
const ROWS_PER_STATEMENT = 500;

/**
 * Imports the community registry from a realtime-database export (001 §3, `.json`) or from CSV files
 * (`.csv`, one kind per file, decided by its header row). Bad entries are reported with their path and
 * skipped; the rest is upserted in batched transactions, so running the same import again changes
 * nothing. Publishes one `imported` registry change at the end so live views reload.
 */
export async function importRegistryExport(
  deps: Deps,
  filePath: string,
  options: ImportRegistryOptions = {},
): Promise<ImportRegistryReport> {
  const stat = await fs.promises.stat(filePath).catch(() => null);
  if (!stat || !stat.isFile()) throw new ImportError(`${filePath}: no such file`);
  const format = options.format ?? detectFormat(filePath);
  const writer = new RegistryBatchWriter(deps.database.db, deps.now, options.batchSize ?? 5000);
  const report: ImportRegistryReport = { pairs: 0, bans: 0, infractions: 0, skipped: 0, problems: [] };
  const maxProblems = options.maxProblems ?? 1000;
  const problem = (where: string, message: string) => {
    report.skipped += 1;
    if (report.problems.length < maxProblems) report.problems.push({ path: where, message });
  };

  if (format === 'json') {
    if (stat.size > MAX_JSON_BYTES)
      throw new ImportError(`${filePath}: a JSON export over ${MAX_JSON_BYTES / 1024 / 1024} MB is too large; export it as CSV instead`);
    await readJsonExport(filePath, writer, problem);
  } else {
    await readCsvFile(filePath, writer, problem);
  }
  await writer.flush();
  Object.assign(report, writer.counts);
  await deps.registry.publish({ kind: 'imported', ...writer.counts });
  return report;
}

function detectFormat(filePath: string): 'json' | 'csv' {
  const ext = path.extname(filePath).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.csv') return 'csv';
  throw new ImportError(`${filePath}: the file name must end in .json (realtime-database export) or .csv`);
}

type Report = (where: string, message: string) => void;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function check<S extends z.ZodType>(schema: S, value: unknown, where: string, report: Report): z.infer<S> | undefined {
  const parsed = safeParseInput(schema, value);
  if (parsed.success) return parsed.data;
  report(where, describeZodError(parsed.error));
  return undefined;
}

/** Entries of a realtime-database node; the database drops empty nodes, so null means "none". */
function entriesOf(value: unknown, where: string, report: Report): Array<[string, unknown]> {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    // The realtime database turns objects with small integer keys into arrays; holes are null.
    return value.flatMap((v, i): Array<[string, unknown]> => (v === null ? [] : [[String(i), v]]));
  }
  if (!isObject(value)) {
    report(where, 'must be an object keyed by id');
    return [];
  }
  return Object.entries(value);
}

async function readJsonExport(filePath: string, writer: RegistryBatchWriter, report: Report): Promise<void> {
  let root: unknown;
  try {
    root = JSON.parse(await fs.promises.readFile(filePath, 'utf8'));
  } catch (error) {
    throw new ImportError(`${filePath}: not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(root))
    throw new ImportError(`${filePath}: the export must be a JSON object with Verification, RobloxData and/or Infractions`);

  for (const [section, value] of Object.entries(root)) {
    if (section === 'Verification') {
      // 001 §3 Verification/{discordId} = robloxId.
      for (const [discordId, robloxId] of entriesOf(value, section, report)) {
        const where = `Verification/${discordId}`;
        const id = check(ExportDiscordId, discordId, where, report);
        if (id === undefined) continue;
        const roblox = check(ExportRobloxId, robloxId, where, report);
        if (roblox !== undefined) await writer.pair(id, roblox);
      }
    } else if (section === 'RobloxData') {
      // 001 §3 RobloxData/{robloxId}/Ban; other children of a Roblox id are not the registry's.
      for (const [robloxId, data] of entriesOf(value, section, report)) {
        const where = `RobloxData/${robloxId}`;
        const id = check(ExportRobloxId, robloxId, where, report);
        if (id === undefined) continue;
        if (!isObject(data)) {
          report(where, 'must be an object');
          continue;
        }
        if (data.Ban === undefined || data.Ban === null) continue;
        const ban = check(ExportBan, data.Ban, `${where}/Ban`, report);
        if (ban) await writer.ban(id, ban);
      }
    } else if (section === 'Infractions') {
      // 001 §3 Infractions/{category}/{subjectId}/{id}, category being the platform.
      for (const [category, subjects] of entriesOf(value, section, report)) {
        const platform = check(ExportPlatform, category, `Infractions/${category}`, report);
        if (!platform) continue;
        for (const [subjectId, entries] of entriesOf(subjects, `Infractions/${category}`, report)) {
          const subjectWhere = `Infractions/${category}/${subjectId}`;
          const subject = check(ExportSubjectId, subjectId, subjectWhere, report);
          if (subject === undefined) continue;
          for (const [rawId, entry] of entriesOf(entries, subjectWhere, report)) {
            const where = `${subjectWhere}/${rawId}`;
            const id = check(ExportInfractionId, rawId, where, report);
            if (id === undefined) continue;
            const infraction = check(ExportInfraction, entry, where, report);
            if (infraction) await writer.infraction(platform, subject, id, infraction);
          }
        }
      }
    } else {
      report(section, 'not a registry section (Verification, RobloxData, Infractions); ignored');
    }
  }
}

function csvKind(header: string[]): CsvKind | null {
  const normalized = header.map((h) => h.trim().toLowerCase());
  for (const kind of Object.keys(CSV_HEADERS) as CsvKind[]) {
    const expected = CSV_HEADERS[kind].map((h) => h.toLowerCase());
    if (expected.length === normalized.length && expected.every((h) => normalized.includes(h))) return kind;
  }
  return null;
}

/** Streams the CSV (a million rows never sit in memory at once), one kind of row per file. */
async function readCsvFile(filePath: string, writer: RegistryBatchWriter, report: Report): Promise<void> {
  const name = path.basename(filePath);
  const parser = fs.createReadStream(filePath).pipe(
    parse({
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      // A malformed record (a stray quote) is reported and skipped like any other bad entry.
      skip_records_with_error: true,
      on_skip: (error) => {
        report(`${name} line ${(error as { lines?: number } | undefined)?.lines ?? '?'}`, error?.message ?? 'unreadable CSV record');
        return undefined;
      },
    }),
  );
  let kind: CsvKind | null = null;
  let columns: string[] = [];
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (!kind) {
      kind = csvKind(record);
      if (!kind) {
        parser.destroy();
        const known = Object.values(CSV_HEADERS)
          .map((h) => h.join(','))
          .join(' | ');
        throw new ImportError(`${name}: unknown header row "${record.join(',')}"; expected one of: ${known}`);
      }
      // Map each column back to the canonical field name, whatever its case or order.
      columns = record.map((h) => CSV_HEADERS[kind!].find((c) => c.toLowerCase() === h.trim().toLowerCase())!);
      continue;
    }
    const where = `${name} line ${info.lines}`;
    if (record.length !== columns.length) {
      report(where, `expected ${columns.length} fields, found ${record.length}`);
      continue;
    }
    const row = Object.fromEntries(columns.map((c, i) => [c, record[i]]));
    if (kind === 'pairs') {
      const pair = check(PairCsvRow, row, where, report);
      if (pair) await writer.pair(pair.discordId, pair.robloxId);
    } else if (kind === 'bans') {
      const ban = check(BanCsvRow, row, where, report);
      if (ban) await writer.ban(ban.robloxId, ban);
    } else {
      const infraction = check(InfractionCsvRow, row, where, report);
      if (infraction) await writer.infraction(infraction.platform, infraction.subjectId, infraction.id, infraction);
    }
  }
  if (!kind) throw new ImportError(`${name}: the file is empty (a header row is expected)`);
}

type BanFields = z.infer<typeof ExportBan>;
type InfractionFields = z.infer<typeof ExportInfraction>;

/**
 * Collects rows and writes them in one transaction per batch. Within a batch the last entry for a
 * key wins (PostgreSQL refuses one statement touching a row twice); across batches the upsert does.
 *
 * Lock order on PostgreSQL (a batch locks every row it upserts until it commits, beside live bureau
 * writes): pairs, then infractions, then bans, each kind sorted by its key. A case amendment or a ban
 * case writes its infraction, then its ban (amend-case.ts, open-case.ts); a batch that wrote the ban
 * first crossed it. Sorted keys keep two imports at once from crossing each other. A staff decision
 * on a verify claim unlinks the holder's pair, then links the claimant's: an order set by the data,
 * which no sort can match, so a batch PostgreSQL ends as a deadlock's victim runs again whole.
 */
class RegistryBatchWriter {
  private pairs = new Map<string, RegistryPairsTable>();
  private bans = new Map<string, RegistryBansTable>();
  private infractions = new Map<string, RegistryInfractionsTable>();
  readonly counts = { pairs: 0, bans: 0, infractions: 0 };

  constructor(
    private readonly db: Kysely<CoreTables>,
    private readonly now: () => number,
    private readonly batchSize: number,
  ) {}

  async pair(discordId: string, robloxId: string): Promise<void> {
    this.pairs.set(discordId, { discord_id: discordId, roblox_id: robloxId, updated_at: this.now() });
    this.counts.pairs += 1;
    await this.maybeFlush();
  }

  async ban(robloxId: string, ban: BanFields): Promise<void> {
    this.bans.set(robloxId, {
      roblox_id: robloxId,
      is_banned: ban.isBanned ? 1 : 0,
      moderator: ban.Moderator,
      reason: ban.Reason,
      time: ban.Time,
      username: ban.Username,
      updated_at: this.now(),
    });
    this.counts.bans += 1;
    await this.maybeFlush();
  }

  async infraction(platform: 'Discord' | 'Roblox', subjectId: string, id: number, fields: InfractionFields): Promise<void> {
    this.infractions.set(`${platform}/${subjectId}/${id}`, {
      platform,
      subject_id: subjectId,
      id,
      moderator: fields.Moderator,
      reason: fields.Reason,
      note: fields.Note,
    });
    this.counts.infractions += 1;
    await this.maybeFlush();
  }

  private async maybeFlush(): Promise<void> {
    if (this.pairs.size + this.bans.size + this.infractions.size >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    const pairs = [...this.pairs.values()].sort((a, b) => compare(a.discord_id, b.discord_id));
    const bans = [...this.bans.values()].sort((a, b) => compare(a.roblox_id, b.roblox_id));
    const infractions = [...this.infractions.values()].sort(
      (a, b) => compare(a.platform, b.platform) || compare(a.subject_id, b.subject_id) || a.id - b.id,
    );
    this.pairs.clear();
    this.bans.clear();
    this.infractions.clear();
    if (!pairs.length && !bans.length && !infractions.length) return;
    // The batch stays one transaction (all of it or none); run again, it upserts the same rows, so
    // the victim of a deadlock (see the class comment) is run again whole after the other commits.
    await retryOnWriteConflict(() => this.write(pairs, infractions, bans), {
      deadlocksOnly: true,
      attempts: 5,
      giveUp: 'The registry was being changed at the same moment, again and again. Run the import again.',
    });
  }

  private async write(pairs: RegistryPairsTable[], infractions: RegistryInfractionsTable[], bans: RegistryBansTable[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const rows of inChunks(pairs, ROWS_PER_STATEMENT)) {
        await trx
          .insertInto('registry_pairs')
          .values(rows)
          // An unchanged pair keeps its updated_at: the checker's "oldest pair wins" (001 §5) must not
          // be reshuffled by re-importing the same export.
          .onConflict((oc) =>
            oc
              .column('discord_id')
              .doUpdateSet((eb) => ({ roblox_id: eb.ref('excluded.roblox_id'), updated_at: eb.ref('excluded.updated_at') }))
              .whereRef('registry_pairs.roblox_id', '<>', 'excluded.roblox_id'),
          )
          .execute();
      }
      for (const rows of inChunks(infractions, ROWS_PER_STATEMENT)) {
        await trx
          .insertInto('registry_infractions')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['platform', 'subject_id', 'id']).doUpdateSet((eb) => ({
              moderator: eb.ref('excluded.moderator'),
              reason: eb.ref('excluded.reason'),
              note: eb.ref('excluded.note'),
            })),
          )
          .execute();
      }
      for (const rows of inChunks(bans, ROWS_PER_STATEMENT)) {
        await trx
          .insertInto('registry_bans')
          .values(rows)
          .onConflict((oc) =>
            oc.column('roblox_id').doUpdateSet((eb) => ({
              is_banned: eb.ref('excluded.is_banned'),
              moderator: eb.ref('excluded.moderator'),
              reason: eb.ref('excluded.reason'),
              time: eb.ref('excluded.time'),
              username: eb.ref('excluded.username'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
    });
  }
}

/** A fixed order of keys (code units, whatever the locale), the same in every import. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
