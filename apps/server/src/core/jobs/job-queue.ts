import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ToolTables } from '../db/tool-db';
import { cutText } from '../text/cut-text';

/**
 * Issue 12 item 3 (decision 0025): durable jobs, for work that must survive a restart and retry on
 * failure (webhooks, LINE pushes, reminders, clean-ups). One interface, two engines: pg-boss on
 * PostgreSQL, a polled `jobs` table on SQLite (see create-job-queue.ts).
 *
 * Guarantees: at least once. A job is handled by one process at a time, and once its handler
 * resolves it is never run again; a handler that throws (or a process that dies while running it)
 * gets the job run again, so handlers must be safe to repeat (re-check state, use idempotency keys).
 */
export interface JobQueue {
  /**
   * Declares a job kind and its handler (a tool calls it from `register(app)`; core never imports tools).
   * The payload is parsed with `schema` before the handler sees it; a payload that fails to parse
   * fails the job as a throwing handler would.
   */
  define<S extends z.ZodType>(name: string, schema: S, handler: JobHandler<z.output<S>>, options?: JobOptions): void;
  /**
   * Stores a job. Answers its id, or null when `singletonKey` matched a job of the same name that is
   * still waiting or running (nothing is stored then). Works before `start()` and after `stop()`:
   * the job waits in the database for a worker.
   */
  enqueue<S extends z.ZodType>(name: string, payload: z.input<S>, options?: EnqueueOptions): Promise<string | null>;
  /** Starts claiming and running due jobs (buildApp does it when the app is ready). */
  start(): Promise<void>;
  /** Stops claiming, waits for the handlers running now (the app's onClose does it). */
  stop(): Promise<void>;
  /**
   * Waits for the enqueues in progress in this process, then runs every job that is due now until
   * none is left and none is running in this process (tests:
   * enqueue, then `await ctx.jobs.settle()`, then assert). Jobs waiting for a retry delay or a later
   * `runAt` are left waiting.
   */
  settle(): Promise<void>;
  /** Jobs by state, for /metrics and the operator. */
  stats(): Promise<JobStats>;
}

export interface JobContext {
  id: string;
  name: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
}

export type JobHandler<T> = (payload: T, job: JobContext) => Promise<void>;

export interface JobOptions {
  /** Retries after the first failure (default 3); after the last the job is kept as failed. */
  retryLimit?: number;
  /**
   * Delay before the first retry (default 30 s), doubled on each later retry (SQLite: capped at 1
   * hour; PostgreSQL: pg-boss's backoff, which adds jitter).
   */
  retryDelaySeconds?: number;
}

export interface EnqueueOptions {
  /** Epoch ms (as `ctx.now()` counts) before which the job does not run; default: at once. */
  runAt?: number;
  /** At most one waiting or running job per (name, singletonKey); a second enqueue answers null. */
  singletonKey?: string;
  /**
   * The caller's open transaction (any tool's view of it): the job is stored in it, so it exists
   * exactly when the caller's writes commit. A booking and its reminder are one commit: no crash or
   * failed write between the two can leave a booking that is never reminded (decision 0041).
   */
  within?: JobTransaction;
}

/** What `within` needs of a transaction: only its executeQuery, which no table type changes. */
export type JobTransaction = Pick<Kysely<ToolTables>, 'executeQuery'>;

export interface JobStats {
  /** Per job name: waiting (due or not), running, and failed for good. */
  byName: Record<string, { queued: number; active: number; failed: number }>;
  /** Handler failures in this process since it started, per job name (each retry counts). */
  failuresByName: Record<string, number>;
}

/** A job kind as `define` stored it; both engines run it through `runJob`. */
export interface JobDefinition {
  schema: z.ZodType;
  handler: JobHandler<unknown>;
  retryLimit: number;
  retryDelaySeconds: number;
}

export function makeDefinition(schema: z.ZodType, handler: JobHandler<never>, options: JobOptions = {}): JobDefinition {
  return {
    schema,
    handler: handler as JobHandler<unknown>,
    retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelaySeconds: options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
  };
}

/** Parses the payload and runs the handler: answers null when it succeeded, else the error. */
export async function runJob(definition: JobDefinition, payload: unknown, job: JobContext): Promise<unknown> {
  try {
    await definition.handler(definition.schema.parse(payload), job);
    return null;
  } catch (error) {
    return error ?? new Error('job failed');
  }
}

/** What is kept of a failure: its message (and name), never a payload. */
export function describeError(error: unknown): string {
  return cutText(error instanceof Error ? `${error.name}: ${error.message}` : String(error), 2000);
}

export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentJobLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export const DEFAULT_RETRY_LIMIT = 3;
export const DEFAULT_RETRY_DELAY_SECONDS = 30;
export const MAX_RETRY_DELAY_SECONDS = 3600;

/** The delay before retry number `retry` (1-based): base, 2 x base, 4 x base, ... at most an hour. */
export function retryDelayMs(baseSeconds: number, retry: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, retry - 1), MAX_RETRY_DELAY_SECONDS) * 1000;
}
