import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../core/context';
import type { FileStorage } from '../../core/storage/file-storage';
import type { RecruitmentTables } from './recruitment-tables';

/** What the recruitment services use: the tool's tables, the clock, file storage and its config. */
export interface RecruitmentDeps {
  db: Kysely<RecruitmentTables>;
  now: () => number;
  storage: FileStorage;
  uploadMaxBytes: number;
  webhookUrl: string | null;
  webhookTimeoutMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** Who did something, as the audit trail and notes record it. */
export interface Actor {
  id: string;
  name: string;
}

export function recruitmentDb(ctx: Pick<AppContext, 'database'>): Kysely<RecruitmentTables> {
  // Kysely's types are invariant in the schema, so the merged view is narrowed to this tool's tables.
  return ctx.database.db.withTables<RecruitmentTables>() as unknown as Kysely<RecruitmentTables>;
}

export const toIso = (ms: number) => new Date(ms).toISOString();
