import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '@server/core/context';
import { FeedTokenStore } from '@server/core/auth/feed-tokens';
import type { LineVerifierOptions } from '@server/core/auth/line-id-token';
import { LineTokenCache } from '@server/core/auth/line-token-cache';
import type { Dialect } from '@server/core/db/database';
import { toolDb } from '@server/core/db/tool-db';
import type { AppointmentsDb, AppointmentsTables } from './appointments-tables';
import { type BookingRules, defaultBookingSettings } from './booking-rules';

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
  /** Which database `db` is (lock-waitlist.ts takes a PostgreSQL lock). */
  dialect: Dialect;
  now: () => number;
  /** The booking time zone (APPOINTMENT_TIME_ZONE). */
  timeZone: string;
  /** The rules until staff save their own (loadBookingRules reads the saved ones). */
  defaultSettings: Omit<BookingRules, 'timeZone'>;
  line: LineSettings;
  /** The mini-app's ID tokens this process verified, until their expiry (issue 17 item 4, decision 0014). */
  lineTokens: LineTokenCache;
  publicUrl: string;
  /** A real LIFF app's id (LIFF_ID, not the mock): LINE messages link to https://liff.line.me/<id>. */
  liffId: string | null;
  /** Staff members' private calendar-feed tokens (core, shared with other tools' feeds). */
  feeds: FeedTokenStore;
  log: FastifyBaseLogger;
  /** core/jobs: reminders are durable jobs (issue 15 item 4). */
  jobs: AppContext['jobs'];
  /** Issue 15 item 6: minutes a freed slot is held for the first on the day's waitlist. */
  waitlistOfferMinutes: number;
  /** core/events: staff pages hear new bookings and cancellations live (issue 15 item 5). */
  events: AppContext['events'];
  /** Pushes still in flight (tests and shutdown wait for them). */
  pending: Set<Promise<void>>;
  /**
   * Decision 0073: the most rows a staff list answers (APPOINTMENT_STAFF_LIST_MAX_ROWS; the CSV reads
   * in pages of this size) and the most events the staff feed holds (APPOINTMENT_FEED_MAX_EVENTS).
   */
  limits: { staffListRows: number; feedEvents: number };
}

export function makeAppointmentsDeps(ctx: AppContext, line: LineSettings, log: FastifyBaseLogger): AppointmentsDeps {
  return {
    db: toolDb<AppointmentsTables>(ctx.database),
    dialect: ctx.database.dialect,
    now: ctx.now,
    timeZone: ctx.config.APPOINTMENT_TIME_ZONE,
    defaultSettings: defaultBookingSettings(ctx.config),
    line,
    lineTokens: new LineTokenCache(),
    publicUrl: ctx.config.publicUrl,
    liffId: line.mock ? null : (ctx.config.LIFF_ID ?? null),
    feeds: new FeedTokenStore(ctx.database.db, STAFF_FEED_KIND, ctx.now),
    log,
    events: ctx.events,
    jobs: ctx.jobs,
    waitlistOfferMinutes: ctx.config.APPOINTMENT_WAITLIST_OFFER_MINUTES,
    pending: new Set(),
    limits: { staffListRows: ctx.config.APPOINTMENT_STAFF_LIST_MAX_ROWS, feedEvents: ctx.config.APPOINTMENT_FEED_MAX_EVENTS },
  };
}

export function verifierOptions(deps: AppointmentsDeps, channelId: string): LineVerifierOptions {
  return { baseUrl: deps.line.baseUrl, channelId, timeoutMs: deps.line.timeoutMs, now: deps.now, cache: deps.lineTokens };
}
