import type { EnqueueOptions, JobDefinition, JobLog, JobQueue, JobStats } from './job-queue';
import { describeError, makeDefinition, runJob } from './job-queue';

/** A job a worker took: it is marked running in the database until `complete` or `fail`. */
export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  /** 1 on the first run. */
  attempt: number;
}

/** What an engine (SQLite table, pg-boss) does; the worker loop around it is shared (job-worker.ts). */
export interface JobEngine {
  enqueue(name: string, payload: unknown, options: EnqueueOptions, definition: JobDefinition | undefined): Promise<string | null>;
  /** Takes up to `limit` due jobs of these names, each for this process alone. */
  claim(names: string[], limit: number): Promise<ClaimedJob[]>;
  complete(job: ClaimedJob): Promise<void>;
  /** Records the failure; answers whether the job will run again. */
  fail(job: ClaimedJob, error: string, definition: JobDefinition): Promise<'retry' | 'failed'>;
  /** When the worker starts (queues, maintenance, jobs a dead process left running). */
  start(names: string[]): Promise<void>;
  stop(): Promise<void>;
  countByName(): Promise<JobStats['byName']>;
}

export interface WorkerOptions {
  log: JobLog;
  /** How often due jobs are looked for when nothing woke the worker. */
  pollIntervalMs: number;
  /** Handlers running at once in this process. */
  concurrency: number;
  /** How long stop() waits for the handlers running then. */
  stopWaitMs: number;
  /** The app's clock, against which `runAt` is read. */
  now: () => number;
}

/**
 * The worker: claims due jobs up to `concurrency`, runs each through its definition, records the
 * outcome; polls every `pollIntervalMs`, and at once after an enqueue or a finished job.
 */
export function createQueueOnEngine(engine: JobEngine, options: WorkerOptions): JobQueue {
  const { log } = options;
  const definitions = new Map<string, JobDefinition>();
  const failuresByName: Record<string, number> = {};
  const active = new Set<Promise<void>>();
  const enqueueing = new Set<Promise<unknown>>();
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let filling: Promise<number> | null = null;
  let wakeAgain = false;
  let stopping: Promise<void> | null = null;
  /** Jobs finished in this process, so settle() knows whether one ended while it claimed. */
  let finished = 0;

  async function execute(job: ClaimedJob): Promise<void> {
    const definition = definitions.get(job.name)!;
    const error = await runJob(definition, job.payload, { id: job.id, name: job.name, attempt: job.attempt });
    try {
      if (error === null) {
        await engine.complete(job);
        return;
      }
      failuresByName[job.name] = (failuresByName[job.name] ?? 0) + 1;
      const outcome = await engine.fail(job, describeError(error), definition);
      const details = { err: error, job: job.name, id: job.id, attempt: job.attempt };
      if (outcome === 'failed') log.error(details, 'job failed for good');
      else log.warn(details, 'job failed; it will run again');
    } catch (recordError) {
      // The database went away mid-job: the engine runs it again (SQLite: on the next start;
      // pg-boss: once its expiry passes), as at-least-once promises.
      log.warn({ err: recordError, job: job.name, id: job.id }, 'could not record the outcome of a job');
    }
  }

  /** Claims as many due jobs as there is room for and starts them; answers how many started. */
  function fill(): Promise<number> {
    // One claim at a time per process: two overlapping claims could each take `room` jobs. A wake-up
    // during a claim (a job finished, one was queued) claims again once it is done.
    if (filling) {
      wakeAgain = true;
      return filling;
    }
    filling = (async () => {
      const room = options.concurrency - active.size;
      const names = [...definitions.keys()];
      if (room <= 0 || names.length === 0) return 0;
      const jobs = await engine.claim(names, room);
      for (const job of jobs) {
        const run = execute(job).finally(() => {
          finished += 1;
          active.delete(run);
          if (running) wake();
        });
        active.add(run);
      }
      return jobs.length;
    })().finally(() => {
      filling = null;
      if (wakeAgain && running) {
        wakeAgain = false;
        wake();
      }
    });
    return filling;
  }

  /** A claim of its own, after any claim in flight (which may have started before a `define`). */
  async function fillAfresh(): Promise<number> {
    while (filling) await filling.catch(() => undefined);
    return fill();
  }

  function wake(): void {
    fill().catch((error: unknown) => log.warn({ err: error }, 'could not look for due jobs'));
  }

  return {
    define(name, schema, handler, jobOptions) {
      definitions.set(name, makeDefinition(schema, handler, jobOptions));
    },
    async enqueue(name, payload, enqueueOptions = {}) {
      const storing = engine.enqueue(name, payload, enqueueOptions, definitions.get(name));
      enqueueing.add(storing);
      try {
        const id = await storing;
        // A job due later (a reminder tomorrow) is found by the poll when its time comes; looking for
        // due jobs now would cost every booking a claim query for nothing.
        const dueNow = enqueueOptions.runAt === undefined || enqueueOptions.runAt <= options.now();
        if (running && id !== null && dueNow) wake();
        return id;
      } finally {
        enqueueing.delete(storing);
      }
    },
    async start() {
      if (running) return;
      stopping = null;
      await engine.start([...definitions.keys()]);
      running = true;
      timer = setInterval(wake, options.pollIntervalMs);
      timer.unref();
      wake();
    },
    stop() {
      // Once: draining (SIGTERM) and the app's close both call it; the second waits for the first.
      stopping ??= (async () => {
        const wasRunning = running;
        running = false;
        if (timer) clearInterval(timer);
        timer = null;
        await filling?.catch(() => undefined);
        // Handlers running now may finish; one that hangs is left behind (it runs again elsewhere or
        // after the restart: at least once), so a stuck webhook never holds the shutdown.
        let waited: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => (waited = setTimeout(() => resolve('late'), options.stopWaitMs)));
        const outcome = await Promise.race([Promise.allSettled([...active]), late]);
        clearTimeout(waited);
        if (outcome === 'late') log.warn({ running: active.size }, 'jobs still running at shutdown were left to run again');
        if (wasRunning) await engine.stop();
      })();
      return stopping;
    },
    async settle() {
      // A use case may enqueue without waiting (fire and forget): its job counts too.
      await Promise.allSettled([...enqueueing]);
      for (;;) {
        // Done once a claim that began after the last job finished found nothing due.
        const finishedBefore = finished;
        const started = await fillAfresh();
        if (started === 0 && active.size === 0 && finished === finishedBefore) return;
        if (active.size > 0) await Promise.race(active);
      }
    },
    async stats() {
      return { byName: await engine.countByName(), failuresByName: { ...failuresByName } };
    },
  };
}
