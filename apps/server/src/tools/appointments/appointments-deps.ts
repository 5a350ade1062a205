import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '@server/core/context';
import { FeedTokenStore } from '@server/core/auth/feed-tokens';
import type { LineVerifierOptions } from '@server/core/auth/line-id-token';
import { LineTokenCache } from '@server/core/auth/line-token-cache';
import { toolDb } from '@server/core/db/tool-db';
import type { AppointmentsDb, AppointmentsTables } from './appointments-tables';
import { type BookingRules, bookingRulesFrom } from './booking-rules';

/** The LINE Login channel id development uses with LIFF_MOCK; it is the testkit fake's default too. */
export const DEV_LINE_CHANNEL_ID = '2000000000';

/** The staff calendar feeds' kind in core's feed_tokens; the owner is the staff member's Discord id. */
export const STAFF_FEED_KIND = 'appointments-staff';

export interface LineSettings {
  baseUrl: string;
  /** null when LINE is not configured: the mini-app's calls then answer 503. */
  channelId: string | null;
  /** The Messaging API channel token; null turns confirmation pushes off. */
  channelToken: string | null;
  timeoutMs: number;
  mock: boolean;
}

/** What the appointments services need, built once when the tool registers. */
export interface AppointmentsDeps {
  db: AppointmentsDb;
  now: () => number;
  rules: BookingRules;
  line: LineSettings;
  /** The mini-app's ID tokens this process verified, until their expiry (issue 17 item 4, decision 0014). */
  lineTokens: LineTokenCache;
  publicUrl: string;
  /** Staff members' private calendar-feed tokens (core, shared with other tools' feeds). */
  feeds: FeedTokenStore;
  log: FastifyBaseLogger;
  /** Pushes still in flight (tests and shutdown wait for them). */
  pending: Set<Promise<void>>;
}

export function makeAppointmentsDeps(ctx: AppContext, line: LineSettings, log: FastifyBaseLogger): AppointmentsDeps {
  return {
    db: toolDb<AppointmentsTables>(ctx.database),
    now: ctx.now,
    rules: bookingRulesFrom(ctx.config),
    line,
    lineTokens: new LineTokenCache(),
    publicUrl: ctx.config.publicUrl,
    feeds: new FeedTokenStore(ctx.database.db, STAFF_FEED_KIND, ctx.now),
    log,
    pending: new Set(),
  };
}

export function verifierOptions(deps: AppointmentsDeps, channelId: string): LineVerifierOptions {
  return { baseUrl: deps.line.baseUrl, channelId, timeoutMs: deps.line.timeoutMs, now: deps.now, cache: deps.lineTokens };
}
