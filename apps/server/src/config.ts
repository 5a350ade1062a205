import net from 'node:net';
import { z } from 'zod';
import { isIsoDate } from '@guildhall/contracts/timetable-rules';

// ARCHITECTURE.md §1: the tools a deployment can switch on.
export const TOOL_IDS = ['recruitment', 'bureau', 'appointments', 'timetable', 'sports', 'portfolio'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** Decision 0044: which answered requests get a request line (LOG_REQUESTS). */
export type RequestLogMode = 'all' | 'notable' | 'none';

const flagValue = (v: string) => v === 'true' || v === '1' || v === 'yes';
const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform(flagValue);

const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** "6896,6796": comma-separated four-digit student-ID prefixes (002 §5). */
const prefixList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^\d{4}$/, 'each prefix must be four digits')));

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** "10.0.0.2", "10.0.0.0/8", "::1/128" or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * Issue 12 item 1 (docs/decisions/0023): the proxies whose X-Forwarded-For is believed, as Fastify's
 * trustProxy takes them: false, or their addresses / CIDRs. `true` and hop counts are refused: neither
 * can tell the proxy from a client that writes the header itself.
 */
const trustedProxies = z.string().transform((value, ctx): false | string[] => {
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  const single = entries.length === 1 ? entries[0]!.toLowerCase() : null;
  if (single === 'false' || single === 'no' || single === '0') return false;
  const listThem = "list the proxies' addresses or CIDRs instead (e.g. 10.0.0.2 or 10.0.0.0/8)";
  if (single === 'true' || single === 'yes')
    return refuse(`true would trust every hop, so a client could choose its own address; ${listThem}`);
  if (single && /^\d+$/.test(single)) return refuse(`a hop count cannot tell the proxy from a client that connects directly; ${listThem}`);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length) return refuse(`not an address or CIDR: ${bad.join(', ')}`);
  return entries;
});

/** An IANA time zone that this Node.js knows; the appointments office and the school each name one. */
const timeZone = z
  .string()
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Asia/Bangkok')
  .default('Asia/Bangkok');

// Every environment variable Guildhall reads, in one place (.env.example documents each).
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // Issue 12 item 2 (decision 0024): uploads in an S3-compatible bucket (AWS S3, MinIO, Garage, R2)
  // when S3_BUCKET is set, so several processes share them; otherwise on local disk under DATA_DIR.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots, dashes)')
    .optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  ENABLED_TOOLS: z.string().default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustedProxies.default(false),
  SEED_DEMO_DATA: flag.optional(),
  DEV_SIGN_IN: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_TTL_HOURS: int(1, 24 * 365).default(24 * 7),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024).default(1024 * 1024),
  // Issue 10 item 4: how long a client may take to send its headers, its whole request (body
  // included), and how long an idle keep-alive connection stays open (docs/architecture-notes.md).
  HTTP_HEADERS_TIMEOUT_MS: int(100, 3_600_000).default(30_000),
  HTTP_REQUEST_TIMEOUT_MS: int(100, 3_600_000).default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: int(100, 3_600_000).default(72_000),
  // Issue 12 item 4: after SIGTERM, how long the server keeps serving with /readyz at 503 before it
  // stops taking connections. Default: 5 s in production, 0 elsewhere (Config.shutdownGraceMs).
  SHUTDOWN_GRACE_MS: int(0, 600_000).optional(),
  RATE_LIMIT_PUBLIC_PER_MINUTE: int(1, 1_000_000).default(60),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: int(1, 1_000_000).default(20),
  // Issue 14 item 4: calls one bureau bot API key may make per minute, on each call of the API.
  RATE_LIMIT_BOT_PER_MINUTE: int(1, 1_000_000).default(120),
  // Issue 12 item 1 (decision 0023): Redis shares the rate limits and the sign-in throttle between processes.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL (leave it unset to count in memory)')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('guildhall:'),
  // Issue 12 item 3 (decision 0025): durable jobs. How often the worker looks for due jobs, how many
  // handlers run at once per process, and the schema pg-boss keeps its tables in (PostgreSQL only).
  JOBS_POLL_INTERVAL_MS: int(50, 600_000).default(1000),
  JOBS_CONCURRENCY: int(1, 100).default(4),
  JOBS_PG_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a plain lower-case schema name')
    .default('pgboss'),
  // Issue 12 item 5 (decision 0026): /metrics (Prometheus) is off unless one of these is set. With
  // METRICS_TOKEN alone it is served on PORT to `Authorization: Bearer <token>`; with METRICS_PORT it
  // is served on that port (on METRICS_HOST) instead, asking for the token too when one is set.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)').optional(),
  METRICS_PORT: int(1, 65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Issue 12 item 8: log lines as one-line text for people (pretty) or JSON for machines. Default:
  // pretty outside production when stdout is a terminal, JSON otherwise.
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  // Issue 17 item 2 (decisions 0036, 0044): which answered requests get an info line (method, url,
  // status, ms). all; notable (writes, failures and slow answers: the production default); none (a
  // proxy in front logs them). true and false are all and none. Warnings and errors are always written.
  LOG_REQUESTS: z
    .enum(['all', 'notable', 'none', 'true', 'false', '1', '0', 'yes', 'no'], 'must be all, notable or none')
    .transform((v): RequestLogMode => (v === 'all' || v === 'notable' || v === 'none' ? v : flagValue(v) ? 'all' : 'none'))
    .optional(),
  SIGN_IN_MAX_FAILURES: int(1, 1000).default(5),
  SIGN_IN_BACKOFF_SECONDS: int(1, 24 * 3600).default(30),
  SIGN_IN_BACKOFF_MAX_SECONDS: int(1, 7 * 24 * 3600).default(3600),
  DISCORD_CLIENT_ID: z.string().min(1).optional(),
  DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
  DISCORD_BOT_TOKEN: z.string().min(1).optional(),
  DISCORD_BASE_URL: httpUrl.default('https://discord.com'),
  // Issue 13 item 8: where the server fetches Discord avatars from (served to the browser from our own origin).
  DISCORD_CDN_BASE_URL: httpUrl.default('https://cdn.discordapp.com'),
  ROBLOX_USERS_BASE_URL: httpUrl.default('https://users.roblox.com'),
  // Issue 14 item 1: the verification center links a Roblox account by Roblox's OAuth 2.0 (code + PKCE).
  ROBLOX_OAUTH_BASE_URL: httpUrl.default('https://apis.roblox.com/oauth'),
  ROBLOX_OAUTH_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
  ROBLOX_OAUTH_CLIENT_SECRET: z.string().trim().min(1).max(500).optional(),
  LOOKUP_CACHE_SECONDS: int(0, 7 * 24 * 3600).default(3600),
  LOOKUP_TIMEOUT_MS: int(100, 60_000).default(3000),
  // 001 appointments (LINE mini-app): the LINE Login channel whose LIFF ID tokens are verified, LINE's
  // API base (verify + Messaging API push), the LIFF app id, the LIFF mock switch (auto: on outside
  // production when LIFF_ID is unset), the optional Messaging API channel token, and the booking rules.
  LINE_CHANNEL_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'must be the LINE Login channel id (digits)')
    .optional(),
  LINE_API_BASE_URL: httpUrl.optional(),
  LIFF_ID: z
    .string()
    .regex(/^[\w-]{1,100}$/, 'must be a LIFF app id such as 1234567890-AbcdEfgh')
    .optional(),
  LIFF_MOCK: z.enum(['auto', 'true', 'false']).default('auto'),
  LINE_CHANNEL_TOKEN: z.string().min(1).optional(),
  APPOINTMENT_DAYS: z.string().default('mon,tue,wed,thu,fri'),
  APPOINTMENT_OPENS: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
    .default('09:00'),
  APPOINTMENT_CLOSES: z
    .string()
    .regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'must be HH:MM')
    .default('17:00'),
  APPOINTMENT_SLOT_MINUTES: int(5, 24 * 60).default(30),
  APPOINTMENT_TIME_ZONE: timeZone,
  APPOINTMENT_MAX_DAYS_AHEAD: int(1, 3650).default(180),
  // Issue 15 item 3: the defaults of the rules staff set on /bureau/appointments/settings (until saved there).
  APPOINTMENT_CAPACITY: int(1, 50).default(1),
  APPOINTMENT_MIN_NOTICE_MINUTES: int(0, 60 * 24 * 30).default(60),
  APPOINTMENT_MAX_ACTIVE_PER_USER: int(1, 50).default(3),
  // Issue 15 item 6: how long a freed slot is held for the first person on a day's waitlist.
  APPOINTMENT_WAITLIST_OFFER_MINUTES: int(1, 24 * 60).default(30),
  // Issue 15 item 4: LINE reminders this many hours before a booking (comma-separated; empty: none).
  APPOINTMENT_REMINDER_HOURS: z
    .string()
    .regex(/^(\d{1,3}(\.\d{1,2})?(,\s*\d{1,3}(\.\d{1,2})?)*)?$/, 'must be hours before the booking, e.g. 24,1')
    .default('24,1'),
  // Decision 0073: the most rows one staff list answers (day and week views, read in pages of this
  // size by the CSV export) and the most events the staff calendar feed holds; a capped answer says so.
  APPOINTMENT_STAFF_LIST_MAX_ROWS: int(1, 1_000_000).default(20_000),
  APPOINTMENT_FEED_MAX_EVENTS: int(1, 1_000_000).default(5_000),
  STATIC_DIR: z.string().min(1).optional(),
  // core/documents (ARCHITECTURE.md §7): the Chromium that prints PDFs. 001 §2 "Printable document":
  // the office subtitle, the officer's name and an optional signature image file (PNG, JPEG or SVG).
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  // Issue 17 item 5 (decision 0022): pages printing at once, prints waiting (one more: 503), one print's
  // deadline, and how long Chromium stays up without a print (0: always).
  PDF_MAX_CONCURRENT: int(1, 64).default(2),
  PDF_MAX_QUEUED: int(0, 10_000).default(20),
  PDF_PRINT_TIMEOUT_MS: int(100, 600_000).default(30_000),
  PDF_IDLE_CLOSE_MS: int(0, 86_400_000).default(300_000),
  BUREAU_OFFICE_SUBTITLE: z.string().trim().min(1).max(200).default('Office of Identity Verification and Records'),
  BUREAU_OFFICER_NAME: z.string().trim().min(1).max(100).default('Registrar on Duty'),
  BUREAU_SIGNATURE_IMAGE: z.string().min(1).optional(),
  // Issue 14 item 2: labels shown for case types, e.g. "warn=Warning,mute=Timeout"; unnamed types keep theirs.
  BUREAU_CASE_TYPE_LABELS: z
    .string()
    .trim()
    .regex(
      /^((note|warn|mute|kick|ban|unban)=[^,=]{1,40})(,(note|warn|mute|kick|ban|unban)=[^,=]{1,40})*$/,
      'must be type=Label pairs separated by commas (types: note, warn, mute, kick, ban, unban)',
    )
    .optional(),
  // 002 sports: the student-ID prefixes of each level (002 §5), the fixed student ID the Soviet login
  // checks its password against (002 §4, §9), and the portfolio's decorative password (002 §9; shown
  // to the browser, so NOT a secret).
  SPORTS_JUNIOR_PREFIXES: prefixList.default(['6896', '6796', '6696']),
  SPORTS_SENIOR_PREFIXES: prefixList.default(['6898', '6798', '6598']),
  SPORTS_SOVIET_STUDENT_ID: z.string().trim().min(1).max(32).default('68961917'),
  PORTFOLIO_PASSWORD: z.string().min(1).max(200).default('{secret}'),
  // 002 §9 timetable: term start (Prev Week stops there), the school's time zone, the first day of the
  // week (ISO 1 = Monday ... 7 = Sunday) and the local names of Monday ... Sunday (Thai by default).
  TIMETABLE_TERM_START: z.string().refine(isIsoDate, 'must be a real date YYYY-MM-DD').default('2025-10-13'),
  SCHOOL_TIME_ZONE: timeZone,
  TIMETABLE_WEEK_START: int(1, 7).default(1),
  TIMETABLE_DAY_NAMES: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()))
    .refine((a) => a.length === 7 && a.every(Boolean), 'must be 7 comma-separated names, Monday first')
    .optional(),
  // 000 (recruitment): upload size limit (default 10 MiB) and an optional Discord webhook for new applications and decisions.
  RECRUITMENT_UPLOAD_MAX_BYTES: int(1024, 1024 * 1024 * 1024).default(10 * 1024 * 1024),
  // Issue 12 item 2: the bytes one person may keep stored at once (all their uploads), and how long an
  // upload no application or draft uses is kept before it is removed.
  RECRUITMENT_UPLOAD_QUOTA_BYTES: int(1024, 1024 * 1024 * 1024 * 1024).default(50 * 1024 * 1024),
  UPLOAD_ORPHAN_TTL_HOURS: int(1, 24 * 365).default(24),
  // Issue 13 item 6: the hour (UTC, 0-23) at which the daily digest of waiting applications goes to the webhook.
  RECRUITMENT_DIGEST_HOUR_UTC: int(0, 23).default(9),
  // Issue 13 item 5: the first wait before a failed applicant DM is tried again (doubling, 3 retries).
  RECRUITMENT_DM_RETRY_DELAY_SECONDS: int(0, 3600).default(30),
  RECRUITMENT_WEBHOOK_URL: httpUrl.optional(),
  // Issue 12 item 3: the first wait before a refused webhook message is sent again (doubling, 5 retries).
  RECRUITMENT_WEBHOOK_RETRY_DELAY_SECONDS: int(0, 3600).default(30),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  publicUrl: string;
  publicOrigin: string;
  enabledTools: ReadonlySet<ToolId>;
  isProduction: boolean;
  seedDemoData: boolean;
  devSignIn: boolean;
  discordOAuth: { clientId: string; clientSecret: string } | null;
  /** 001 appointments: the web app runs @line/liff-mock and the server a fake LINE (never in production). */
  liffMock: boolean;
  /** 001 appointments: opening days, 0 = Sunday. */
  appointmentDays: number[];
  /** Issue 12 item 4: SHUTDOWN_GRACE_MS, or its default for NODE_ENV. */
  shutdownGraceMs: number;
  /** Decision 0044: LOG_REQUESTS, or its default for NODE_ENV. */
  requestLog: RequestLogMode;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTools(value: string): Set<ToolId> {
  if (value.trim() === 'all') return new Set(TOOL_IDS);
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(TOOL_IDS as readonly string[]).includes(n));
  if (unknown.length) {
    throw new ConfigError(`ENABLED_TOOLS: unknown tool(s) ${unknown.join(', ')}; known: ${TOOL_IDS.join(', ')}`);
  }
  return new Set(names as ToolId[]);
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** "mon,tue,wed" -> [1, 2, 3] (0 = Sunday). */
function parseWeekdays(value: string): number[] {
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase().slice(0, 3))
    .filter(Boolean);
  const days = names.map((n) => WEEKDAYS.indexOf(n));
  if (days.length === 0 || days.some((d) => d < 0)) {
    throw new ConfigError(`APPOINTMENT_DAYS: expected a comma-separated list of ${WEEKDAYS.join(', ')}`);
  }
  return [...new Set(days)].sort();
}

/** Parses the environment once. A bad or missing variable throws a ConfigError naming it. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

  if (Boolean(env.DISCORD_CLIENT_ID) !== Boolean(env.DISCORD_CLIENT_SECRET)) {
    throw new ConfigError('DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET must be set together');
  }
  const discordOAuth =
    env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET
      ? { clientId: env.DISCORD_CLIENT_ID, clientSecret: env.DISCORD_CLIENT_SECRET }
      : null;

  // ARCHITECTURE.md §4: development sign-in only outside production; refuse to start with it on.
  const devSignIn = env.DEV_SIGN_IN === 'auto' ? !isProduction && !discordOAuth : env.DEV_SIGN_IN === 'true';
  if (devSignIn && isProduction) {
    throw new ConfigError('DEV_SIGN_IN: the development sign-in cannot be on when NODE_ENV=production');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  // Node refuses a headers timeout longer than the whole request's.
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  }
  // Issue 10 item 6: the demo accounts' passwords are printed in the README, so never in production.
  if (env.SEED_DEMO_DATA && isProduction) {
    throw new ConfigError(
      'SEED_DEMO_DATA: the demo data (accounts whose passwords the README prints) cannot be seeded when NODE_ENV=production',
    );
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    throw new ConfigError('METRICS_PORT: must differ from PORT (leave it unset to serve /metrics on PORT with METRICS_TOKEN)');
  }
  if (isProduction && !env.PUBLIC_URL) {
    throw new ConfigError('PUBLIC_URL: required when NODE_ENV=production (used for OAuth redirects and origin checks)');
  }

  // 001 appointments: production must never accept unverified LINE identities.
  const liffMock = env.LIFF_MOCK === 'auto' ? !isProduction && !env.LIFF_ID : env.LIFF_MOCK === 'true';
  if (liffMock && isProduction) throw new ConfigError('LIFF_MOCK: the LIFF mock cannot be on when NODE_ENV=production');
  const appointmentDays = parseWeekdays(env.APPOINTMENT_DAYS);
  if (env.APPOINTMENT_CLOSES <= env.APPOINTMENT_OPENS) throw new ConfigError('APPOINTMENT_CLOSES: must be later than APPOINTMENT_OPENS');

  return {
    ...env,
    liffMock,
    appointmentDays,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    enabledTools: parseTools(env.ENABLED_TOOLS),
    isProduction,
    seedDemoData: env.SEED_DEMO_DATA ?? !isProduction,
    devSignIn,
    discordOAuth,
    // A load balancer checking /readyz every 1-2 s notices within the production default; a developer's
    // Ctrl-C and the tests stop at once.
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS ?? (isProduction ? 5_000 : 0),
    // Decision 0044: a developer sees every request; a production log keeps the lines worth reading.
    requestLog: env.LOG_REQUESTS ?? (isProduction ? 'notable' : 'all'),
  };
}
