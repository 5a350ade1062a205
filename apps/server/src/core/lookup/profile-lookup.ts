import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { CoreTables } from '../db/core-tables';
import { callUpstream } from '../http/call-upstream';

export interface DiscordProfile {
  id: string;
  username: string;
  displayName: string | null;
  avatar: string | null;
}

export interface RobloxProfile {
  id: string;
  username: string;
  displayName: string | null;
  /** ISO timestamp. */
  createdAt: string | null;
  isBanned: boolean;
}

/**
 * Where an answer came from. 'live': the API just answered; 'cache': a fresh cached answer;
 * 'stale': the API failed or has no credentials, so an older answer is used; 'unavailable': no
 * answer at all (the caller shows 'Unknown', 001 §3).
 */
export type LookupSource = 'live' | 'cache' | 'stale' | 'unavailable';

export interface LookupResult<T> {
  profile: T | null;
  source: LookupSource;
}

export interface ProfileLookupConfig {
  discordBaseUrl: string;
  discordBotToken: string | null;
  robloxBaseUrl: string;
  cacheSeconds: number;
  timeoutMs: number;
}

const DiscordUserAnswer = z.object({
  id: z.string(),
  username: z.string(),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
});

const RobloxUserAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  displayName: z.string().nullish(),
  created: z.string().nullish(),
  isBanned: z.boolean().nullish(),
});

// Module-level, so a lookup allocates no parser closures per call (the checker is a hot path).
function parseDiscordUser(data: unknown): DiscordProfile {
  const user = DiscordUserAnswer.parse(data);
  return { id: user.id, username: user.username, displayName: user.global_name ?? null, avatar: user.avatar ?? null };
}

function parseRobloxUser(data: unknown): RobloxProfile {
  const user = RobloxUserAnswer.parse(data);
  return {
    id: String(user.id),
    username: user.name,
    displayName: user.displayName ?? null,
    createdAt: user.created ?? null,
    isBanned: user.isBanned ?? false,
  };
}

/** A cached answer, parsed; a row of a shape we no longer read (an older release, a hand-seeded row) is no answer. */
function fromCache<T>(cached: CachedProfileRow, parse: (data: unknown) => T, source: LookupSource): LookupResult<T> {
  if (!cached) return { profile: null, source: 'unavailable' };
  try {
    const data = JSON.parse(cached.data) as unknown;
    return { profile: data === null ? null : parse(data), source };
  } catch {
    return { profile: null, source: 'unavailable' };
  }
}

/** The Discord epoch is 2015-01-01; a snowflake's top 42 bits are milliseconds since then. */
export function discordCreationDate(snowflake: string): Date | null {
  if (!/^\d{5,25}$/.test(snowflake)) return null;
  const created = new Date(Number((BigInt(snowflake) >> 22n) + 1420070400000n));
  // From about 23 digits the time is past any Date's range: no date (the details then say 'Unknown'),
  // where toISOString threw and the details and both PDFs answered 500.
  return Number.isNaN(created.getTime()) ? null : created;
}

type Fetched = { kind: 'found'; data: unknown } | { kind: 'missing' } | { kind: 'failed' };

/**
 * A profile_cache row a caller has already read (the checker joins it into its one query), or null
 * when it read that there is none. Passing it spares the lookup its own cache read; a missing or
 * stale row still goes to the API exactly as if the lookup had read it itself (decisions/0003).
 */
export type CachedProfileRow = { data: string; fetched_at: number } | null;

/**
 * Looks people up on Discord (bot token) and Roblox, through a cache kept in the database so that
 * every server process shares it and an outage or rate limit still has an older answer to give.
 */
export class ProfileLookup {
  constructor(
    private readonly db: Kysely<CoreTables>,
    private readonly config: ProfileLookupConfig,
    private readonly now: () => number = Date.now,
  ) {}

  get hasDiscordCredentials(): boolean {
    return this.config.discordBotToken !== null;
  }

  /** `cached`: the profile_cache row when the caller has already read it (see CachedProfileRow). */
  async discordUser(id: string, cached?: CachedProfileRow): Promise<LookupResult<DiscordProfile>> {
    return this.lookup('discord', id, parseDiscordUser, cached);
  }

  /** `cached`: the profile_cache row when the caller has already read it (see CachedProfileRow). */
  async robloxUser(id: string, cached?: CachedProfileRow): Promise<LookupResult<RobloxProfile>> {
    return this.lookup('roblox', id, parseRobloxUser, cached);
  }

  /**
   * Issue 17 item 2 (decision 0036): a fresh cached row the caller already read, parsed at once; null when
   * the lookup must go on (no row, stale, unreadable) through discordUser/robloxUser. The public checker
   * answers most requests this way, without two promises and a Promise.all per request.
   */
  freshDiscordUser(cached: CachedProfileRow): LookupResult<DiscordProfile> | null {
    return this.freshHit(cached, parseDiscordUser);
  }

  /** See freshDiscordUser. */
  freshRobloxUser(cached: CachedProfileRow): LookupResult<RobloxProfile> | null {
    return this.freshHit(cached, parseRobloxUser);
  }

  /** Saves an answer as if it had just been fetched (the demo seed uses it for its people). */
  async remember(platform: 'discord' | 'roblox', id: string, answer: unknown): Promise<void> {
    const data = JSON.stringify(answer);
    await this.db
      .insertInto('profile_cache')
      .values({ platform, id, data, fetched_at: this.now() })
      .onConflict((oc) => oc.columns(['platform', 'id']).doUpdateSet({ data, fetched_at: this.now() }))
      .execute();
  }

  private async lookup<T>(
    platform: 'discord' | 'roblox',
    id: string,
    parse: (data: unknown) => T,
    prefetched: CachedProfileRow | undefined,
  ): Promise<LookupResult<T>> {
    const cached =
      prefetched !== undefined
        ? prefetched
        : ((await this.db
            .selectFrom('profile_cache')
            .select(['data', 'fetched_at'])
            .where('platform', '=', platform)
            .where('id', '=', id)
            .executeTakeFirst()) ?? null);
    const hit = this.freshHit(cached, parse);
    if (hit) return hit;
    // Discord answers only with a bot token; without one the cache is all there is.
    if (platform === 'discord' && !this.config.discordBotToken) return fromCache(cached, parse, 'stale');
    const fetched = await this.fetchLive(platform, id);
    if (fetched.kind === 'failed') return fromCache(cached, parse, 'stale');
    const data = fetched.kind === 'found' ? fetched.data : null;
    let profile: T | null;
    try {
      profile = data === null ? null : parse(data);
    } catch {
      // An answer of a shape we do not know is treated like an outage, not cached.
      return fromCache(cached, parse, 'stale');
    }
    // A 404 is cached too ("no such user"), so unknown ids do not hammer the API.
    // Failing to cache (a busy SQLite writer) must not lose the answer we already have.
    await this.remember(platform, id, data).catch(() => undefined);
    return { profile, source: 'live' };
  }

  private freshHit<T>(cached: CachedProfileRow, parse: (data: unknown) => T): LookupResult<T> | null {
    if (!cached || this.now() - cached.fetched_at >= this.config.cacheSeconds * 1000) return null;
    const hit = fromCache(cached, parse, 'cache');
    return hit.source === 'cache' ? hit : null;
  }

  private fetchLive(platform: 'discord' | 'roblox', id: string): Promise<Fetched> {
    if (platform === 'discord') {
      return this.fetchJson(`${this.config.discordBaseUrl}/api/v10/users/${encodeURIComponent(id)}`, {
        authorization: `Bot ${this.config.discordBotToken}`,
      });
    }
    return this.fetchJson(`${this.config.robloxBaseUrl}/v1/users/${encodeURIComponent(id)}`, {});
  }

  private async fetchJson(url: string, headers: Record<string, string>): Promise<Fetched> {
    try {
      const response = await callUpstream(url, {
        headers: { accept: 'application/json', ...headers },
        timeoutMs: this.config.timeoutMs,
      });
      if (response.status === 404) return { kind: 'missing' };
      // 429 (rate limited), 5xx and anything else: fall back to what we have.
      if (!response.ok) return { kind: 'failed' };
      // A body that is not JSON is an outage too (fetch's json() threw here), never a cached "no such user".
      const data = response.json();
      return data === null ? { kind: 'failed' } : { kind: 'found', data };
    } catch {
      return { kind: 'failed' };
    }
  }
}
