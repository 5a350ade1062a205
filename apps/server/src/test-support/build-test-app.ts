import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  type FakeDiscord,
  type FakeDiscordOptions,
  type FakeLine,
  type FakeLineOptions,
  type FakeRoblox,
  demoPeople,
  startFakeDiscord,
  startFakeLine,
  startFakeRoblox,
} from '@guildhall/testkit';
import type { DemoLineUser } from '@guildhall/testkit/appointments-demo';
import type { DemoPerson } from '@guildhall/testkit/demo-data';
import type { DiscordUserRecord, RobloxUserRecord } from '@guildhall/testkit/factories';
import { type BuildAppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { SchoolAccount } from '../core/auth/school-account-store';
import { SESSION_COOKIE, type Identity } from '../core/auth/session-store';
import type { AppContext } from '../core/context';
import type { DbHandle, Dialect } from '../core/db/database';
import { createTestDatabase, type TestDatabase } from '../core/db/test-databases';
import { createLocalEventBus, createPostgresEventBus, type EventBus } from '../core/events/event-bus';

/** A clock the test moves by hand; buildApp's `now` reads it (sessions, cache ages, grants). */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function createTestClock(start = Date.now()): TestClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

export interface BuildTestAppOptions {
  /** Default 'sqlite' (in memory). Use inside `describe.each(DIALECTS)` for both. */
  dialect?: Dialect;
  /** Extra environment for loadConfig; wins over everything this helper sets. */
  env?: Record<string, string | undefined>;
  /**
   * Start the fake Discord (OAuth + users API) and configure the app against it: client id and
   * secret, bot token, DISCORD_BASE_URL. Default true; its users default to the demo people.
   * `{ botToken: false }` leaves DISCORD_BOT_TOKEN unset.
   */
  discord?: boolean | (Omit<FakeDiscordOptions, 'botToken'> & { botToken?: string | false });
  /** Start the fake Roblox users API (default true, demo people's accounts) and point the app at it. */
  roblox?: boolean | { users?: RobloxUserRecord[] };
  /**
   * Start the fake LINE (ID token verification, Messaging API pushes) and point the app at it, LIFF
   * mock off. Default false.
   */
  line?: boolean | FakeLineOptions;
  /** Use this database instead of a fresh test database (e.g. one that cannot connect); the caller closes it. */
  database?: DbHandle;
  clock?: TestClock;
  /** Hears every route as buildApp registers it. */
  onRoute?: BuildAppOptions['onRoute'];
  /** pino options (e.g. `{ level: 'info', stream }` to read the log); silent by default. */
  logger?: BuildAppOptions['logger'];
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  database: TestDatabase;
  events: EventBus;
  clock: TestClock;
  discord: FakeDiscord | null;
  roblox: FakeRoblox | null;
  line: FakeLine | null;
  /** The app's public origin: send it as `origin` on cookie-carrying writes (core/http Origin check). */
  origin: string;
  /** DATA_DIR (uploads, documents): a fresh temporary folder removed on close, unless `env.DATA_DIR` names one. */
  dataDir: string;
  /** Starts a session directly (no OAuth dance) and answers the Cookie header value to send. */
  signIn(identity: Identity): Promise<string>;
  /** signIn as a demo person's Discord identity. */
  signInAs(key: DemoPerson['key']): Promise<string>;
  /** signIn as a Discord user (e.g. one from `makeDiscordUser`), as the OAuth callback would. */
  signInDiscord(user: DiscordUserRecord): Promise<string>;
  /**
   * signIn as an existing school account, as POST /api/login would (002 §7): the cookie for browser
   * calls, the same session's token for bearer calls (`request({ token })`), and the account.
   */
  signInSchool(studentId: string): Promise<{ cookie: string; token: string; account: SchoolAccount }>;
  /** An ID token the fake LINE issues for this user: the mini-app's bearer credential (001 §7). Needs `line`. */
  signInLine(user: DemoLineUser): string;
  /**
   * app.inject with the cookie or the bearer token (`Authorization: Bearer`), and on writes without a
   * token our own `Origin` (a browser's; bearer clients such as the 002 §7 apps send none).
   */
  request(options: InjectOptions & { cookie?: string; token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const demoDiscordUsers = (): DiscordUserRecord[] => demoPeople.map((p) => p.discord);
const demoRobloxUsers = (): RobloxUserRecord[] => demoPeople.flatMap((p) => (p.roblox ? [p.roblox] : []));

/**
 * The real app (buildApp, every core plugin and the enabled tools) on a fresh test database, wired to
 * the testkit's fake Discord and Roblox servers, silent, with a hand-moved clock. Always `close()` it.
 */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const clock = options.clock ?? createTestClock();
  const cleanups: Array<() => Promise<unknown>> = [];
  const close = async () => {
    while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
  };
  try {
    const discordOptions = options.discord === undefined || options.discord === true ? {} : options.discord;
    const { botToken: botTokenOption, ...fakeDiscordOptions } = discordOptions || {};
    const discord = discordOptions
      ? await startFakeDiscord({
          users: demoDiscordUsers(),
          ...fakeDiscordOptions,
          ...(typeof botTokenOption === 'string' ? { botToken: botTokenOption } : {}),
        })
      : null;
    if (discord) cleanups.push(() => discord.close());
    const robloxOptions = options.roblox === undefined || options.roblox === true ? {} : options.roblox;
    const roblox = robloxOptions ? await startFakeRoblox({ users: demoRobloxUsers(), ...robloxOptions }) : null;
    if (roblox) cleanups.push(() => roblox.close());
    const lineOptions = options.line === true ? {} : options.line;
    const line = lineOptions ? await startFakeLine(lineOptions) : null;
    if (line) cleanups.push(() => line.close());

    // Files a test writes (core/storage) go to a folder of its own, never the repository's ./data.
    let dataDir = options.env?.DATA_DIR;
    if (!dataDir) {
      const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-test-data-'));
      cleanups.push(() => fs.promises.rm(tempDir, { recursive: true, force: true }));
      dataDir = tempDir;
    }
    const env: Record<string, string | undefined> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      ...(discord
        ? {
            DISCORD_CLIENT_ID: discord.clientId,
            DISCORD_CLIENT_SECRET: discord.clientSecret,
            DISCORD_BASE_URL: discord.url,
            DISCORD_CDN_BASE_URL: discord.url,
            DISCORD_BOT_TOKEN: botTokenOption === false ? undefined : discord.botToken,
          }
        : {}),
      ...(roblox
        ? {
            ROBLOX_USERS_BASE_URL: roblox.url,
            ROBLOX_OAUTH_BASE_URL: `${roblox.url}/oauth`,
            ROBLOX_OAUTH_CLIENT_ID: roblox.oauth.clientId,
            ROBLOX_OAUTH_CLIENT_SECRET: roblox.oauth.clientSecret,
          }
        : {}),
      ...(line
        ? { LIFF_MOCK: 'false', LINE_API_BASE_URL: line.url, LINE_CHANNEL_ID: line.channelId, LINE_CHANNEL_TOKEN: line.channelToken }
        : {}),
      ...options.env,
    };
    let database: TestDatabase;
    if (options.database) database = options.database;
    else {
      const fresh = await createTestDatabase(options.dialect ?? 'sqlite');
      cleanups.push(() => fresh.close());
      database = fresh;
    }
    // pg-boss's tables beside the test database's own schema (dropped with it), so parallel files
    // never work each other's jobs; two apps on one test database share them.
    const config = loadConfig({ ...(database.schema ? { JOBS_PG_SCHEMA: `${database.schema}_jobs` } : {}), ...env });
    // Each PostgreSQL test database gets its own NOTIFY channel, so parallel files do not hear each other;
    // a database given by the test (no schema of ours) gets the in-process bus.
    const events =
      database.pgPool && database.schema ? await createPostgresEventBus(database.pgPool, `ch_${database.schema}`) : createLocalEventBus();
    cleanups.push(() => events.close());
    const app = await buildApp({ config, database, events, now: clock.now, logger: options.logger ?? false, onRoute: options.onRoute });
    cleanups.push(() => app.close());
    await app.ready();

    const signIn = async (identity: Identity) => {
      const { token } = await app.ctx.sessions.create(identity);
      return `${SESSION_COOKIE}=${token}`;
    };
    const signInDiscord = (user: DiscordUserRecord) =>
      signIn({ kind: 'discord', subject: user.id, displayName: user.username, avatar: user.avatar });
    const signInAs = (key: DemoPerson['key']) => signInDiscord(demoPeople.find((p) => p.key === key)!.discord);
    const signInSchool = async (studentId: string) => {
      const account = await app.ctx.schoolAccounts.findByStudentId(studentId);
      if (!account) throw new Error(`signInSchool: no school account ${studentId}`);
      // The identity core/auth/sign-in-school-account.ts gives a school sign-in.
      const { token } = await app.ctx.sessions.create({
        kind: 'school',
        subject: account.studentId,
        displayName: account.email ?? account.studentId,
        avatar: null,
      });
      return { cookie: `${SESSION_COOKIE}=${token}`, token, account };
    };
    const signInLine = (user: DemoLineUser) => {
      if (!line) throw new Error('signInLine: build the test app with `line: true`');
      return line.issueIdToken({ sub: user.userId, name: user.displayName });
    };
    const request = ({ cookie, token, headers, ...rest }: InjectOptions & { cookie?: string; token?: string }) => {
      const method = (rest.method ?? 'GET').toUpperCase();
      const writes = !token && !['GET', 'HEAD', 'OPTIONS'].includes(method);
      return app.inject({
        ...rest,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(writes ? { origin: config.publicOrigin } : {}),
          ...headers,
        },
      });
    };
    return {
      app,
      ctx: app.ctx,
      config,
      database,
      events,
      clock,
      discord,
      roblox,
      line,
      origin: config.publicOrigin,
      dataDir,
      signIn,
      signInAs,
      signInDiscord,
      signInSchool,
      signInLine,
      request,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
