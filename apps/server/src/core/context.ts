import type { Config } from '../config';
import type { DbHandle } from './db/database';
import type { EventBus } from './events/event-bus';
import type { GrantStore } from './auth/grant-store';
import type { SessionStore } from './auth/session-store';
import type { SchoolAccountStore } from './auth/school-account-store';
import type { RegistryRepository } from './registry/registry-repository';
import type { ProfileLookup } from './lookup/profile-lookup';
import type { DocumentService } from './documents/document-service';
import type { Readiness } from './lifecycle/readiness';
import type { SignInThrottle } from './auth/sign-in-throttle';
import type { JobQueue } from './jobs/job-queue';

/** What every tool receives: the shared services of core, built once in app.ts. */
export interface AppContext {
  config: Config;
  database: DbHandle;
  events: EventBus;
  sessions: SessionStore;
  grants: GrantStore;
  registry: RegistryRepository;
  schoolAccounts: SchoolAccountStore;
  /** Failed school sign-ins per student ID (issue 12 item 1): in Redis with REDIS_URL, else in memory. */
  signInThrottle: SignInThrottle;
  lookup: ProfileLookup;
  /** PDF printing through one warm Chromium, started on first use (ARCHITECTURE.md §7). */
  documents: DocumentService;
  /** Issue 12 item 4: draining after SIGTERM (/readyz 503, event streams sent elsewhere). */
  readiness: Readiness;
  /** Issue 12 item 3 (decision 0025): durable jobs; a tool defines its handlers in `register(app)`. */
  jobs: JobQueue;
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
