import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '@server/core/context';
import { toolDb } from '@server/core/db/tool-db';
import { createFileStorage } from '@server/core/storage/create-file-storage';
import type { FileStorage } from '@server/core/storage/file-storage';
import type { RecruitmentDb, RecruitmentTables } from './recruitment-tables';

/** What the recruitment services use: the tool's tables, the clock, file storage and its config. */
export interface RecruitmentDeps {
  db: RecruitmentDb;
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

/** Built once when the tool registers (and by its seed): the one view of its tables (decision 0016). */
export function makeRecruitmentDeps(ctx: AppContext, log: RecruitmentDeps['log']): RecruitmentDeps {
  return {
    db: toolDb<RecruitmentTables>(ctx.database),
    now: ctx.now,
    storage: createFileStorage(ctx.config),
    uploadMaxBytes: ctx.config.RECRUITMENT_UPLOAD_MAX_BYTES,
    webhookUrl: ctx.config.RECRUITMENT_WEBHOOK_URL ?? null,
    webhookTimeoutMs: ctx.config.LOOKUP_TIMEOUT_MS,
    log,
  };
}

export const toIso = (ms: number) => new Date(ms).toISOString();
