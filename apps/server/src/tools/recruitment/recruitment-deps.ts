import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '@server/core/context';
import type { Dialect } from '@server/core/db/database';
import { toolDb } from '@server/core/db/tool-db';
import { createFileStorage } from '@server/core/storage/create-file-storage';
import type { FileStorage } from '@server/core/storage/file-storage';
import type { JobQueue } from '@server/core/jobs/job-queue';
import type { RecruitmentDb, RecruitmentTables } from './recruitment-tables';

/** What the recruitment services use: the tool's tables, the clock, file storage and its config. */
export interface RecruitmentDeps {
  db: RecruitmentDb;
  now: () => number;
  storage: FileStorage;
  uploadMaxBytes: number;
  /** Issue 12 item 2: the bytes one person may keep stored in all their uploads together. */
  uploadQuotaBytes: number;
  /** Issue 12 item 2: how long an upload no application uses is kept (UPLOAD_ORPHAN_TTL_HOURS). */
  uploadOrphanTtlMs: number;
  /** The quota check serialises one person's uploads differently on each (save-upload.ts). */
  dialect: Dialect;
  webhookUrl: string | null;
  webhookTimeoutMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Issue 13 items 5, 6: the durable job queue (applicant DMs, the daily digest). */
  jobs: JobQueue;
  /** Issue 13 item 5: the community's bot and Discord's API base (DISCORD_BASE_URL + /api/v10). */
  discordBotToken: string | null;
  discordApiBase: string;
  /** Issue 13 item 6: the hour (UTC) of the daily digest of waiting applications. */
  digestHourUtc: number;
  dmRetryDelaySeconds: number;
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
    uploadQuotaBytes: ctx.config.RECRUITMENT_UPLOAD_QUOTA_BYTES,
    uploadOrphanTtlMs: ctx.config.UPLOAD_ORPHAN_TTL_HOURS * 3_600_000,
    dialect: ctx.database.dialect,
    webhookUrl: ctx.config.RECRUITMENT_WEBHOOK_URL ?? null,
    webhookTimeoutMs: ctx.config.LOOKUP_TIMEOUT_MS,
    log,
    jobs: ctx.jobs,
    discordBotToken: ctx.config.DISCORD_BOT_TOKEN ?? null,
    discordApiBase: `${ctx.config.DISCORD_BASE_URL.replace(/\/+$/, '')}/api/v10`,
    digestHourUtc: ctx.config.RECRUITMENT_DIGEST_HOUR_UTC,
    dmRetryDelaySeconds: ctx.config.RECRUITMENT_DM_RETRY_DELAY_SECONDS,
  };
}

export const toIso = (ms: number) => new Date(ms).toISOString();
