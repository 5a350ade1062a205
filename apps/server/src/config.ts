import { z } from 'zod';

// ARCHITECTURE.md §1: the tools a deployment can switch on.
export const TOOL_IDS = ['recruitment', 'bureau', 'appointments', 'timetable', 'sports', 'portfolio'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

// Every environment variable Guildhall reads, in one place (.env.example documents each).
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  ENABLED_TOOLS: z.string().default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  SEED_DEMO_DATA: flag.optional(),
  DEV_SIGN_IN: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_TTL_HOURS: int(1, 24 * 365).default(24 * 7),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024).default(1024 * 1024),
  RATE_LIMIT_PUBLIC_PER_MINUTE: int(1, 1_000_000).default(60),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: int(1, 1_000_000).default(20),
  DISCORD_CLIENT_ID: z.string().min(1).optional(),
  DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
  DISCORD_BOT_TOKEN: z.string().min(1).optional(),
  DISCORD_BASE_URL: httpUrl.default('https://discord.com'),
  ROBLOX_USERS_BASE_URL: httpUrl.default('https://users.roblox.com'),
  LOOKUP_CACHE_SECONDS: int(0, 7 * 24 * 3600).default(3600),
  LOOKUP_TIMEOUT_MS: int(100, 60_000).default(3000),
  STATIC_DIR: z.string().min(1).optional(),
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
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTools(value: string): Set<ToolId> {
  if (value.trim() === 'all') return new Set(TOOL_IDS);
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(TOOL_IDS as readonly string[]).includes(n));
  if (unknown.length) {
    throw new ConfigError(`ENABLED_TOOLS: unknown tool(s) ${unknown.join(', ')}; known: ${TOOL_IDS.join(', ')}`);
  }
  return new Set(names as ToolId[]);
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
  if (isProduction && !env.PUBLIC_URL) {
    throw new ConfigError('PUBLIC_URL: required when NODE_ENV=production (used for OAuth redirects and origin checks)');
  }

  return {
    ...env,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    enabledTools: parseTools(env.ENABLED_TOOLS),
    isProduction,
    seedDemoData: env.SEED_DEMO_DATA ?? !isProduction,
    devSignIn,
    discordOAuth,
  };
}
