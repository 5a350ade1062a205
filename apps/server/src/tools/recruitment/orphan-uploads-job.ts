import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RecruitmentDeps } from './recruitment-deps';
import { removeOrphanUploads } from './remove-orphan-uploads';

export const REMOVE_ORPHAN_UPLOADS = 'recruitment.remove-orphan-uploads';
const Payload = z.object({ slot: z.number().int().nonnegative() });

/** The clean-up runs once an hour (UPLOAD_ORPHAN_TTL_HOURS counts in hours). */
export const ORPHAN_SWEEP_INTERVAL_MS = 3_600_000;

/**
 * Issue 12 item 2 on core/jobs (decision 0025): the orphan clean-up is a durable job that runs at the
 * start of every hour slot and, when done, enqueues the next slot's. Each slot's job carries its slot
 * number as its singletonKey, so however many processes start (each enqueues the next slot when it
 * is ready) one job per slot is stored, and one process runs it.
 */
export function scheduleOrphanUploadRemoval(app: FastifyInstance, deps: RecruitmentDeps): void {
  const { jobs } = app.ctx;
  const enqueueSlot = (slot: number) =>
    jobs.enqueue(REMOVE_ORPHAN_UPLOADS, { slot }, { runAt: slot * ORPHAN_SWEEP_INTERVAL_MS, singletonKey: `slot:${slot}` });
  jobs.define(REMOVE_ORPHAN_UPLOADS, Payload, async ({ slot }) => {
    await removeOrphanUploads(deps);
    await enqueueSlot(Math.max(slot, Math.floor(deps.now() / ORPHAN_SWEEP_INTERVAL_MS)) + 1);
  });
  app.addHook('onReady', async () => {
    // Never a reason not to start: a database that is down now is retried at the next start.
    await enqueueSlot(Math.floor(deps.now() / ORPHAN_SWEEP_INTERVAL_MS) + 1).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'could not schedule the orphan upload clean-up'),
    );
  });
}
