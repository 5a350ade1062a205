import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/core-tables';
import { hashToken } from './session-store';

// Private calendar-feed URLs, shared by every tool that offers one (the appointments staff feed and
// the timetable homework feed): calendar apps cannot send our session cookie, so the feed is
// authenticated by a random secret in its URL. Only the secret's SHA-256 is stored; each owner has at
// most one live token, so issuing a new one revokes the old (ARCHITECTURE.md §2: what two tools
// share moves into core).

/** One row per owner: `owner_kind` names the feed (e.g. 'timetable-homework'), `owner_id` its owner. */
export interface FeedTokensTable {
  owner_kind: string;
  owner_id: string;
  token_hash: string;
  created_at: number;
}

// A type alias (not an interface) so Kysely's withTables accepts it.
export type FeedTokenTables = {
  feed_tokens: FeedTokensTable;
};

/** 24 random bytes, base64url: 32 characters; a token outside this shape is never looked up. */
const TOKEN_PATTERN = /^[\w-]{20,64}$/;
const FEED_FILE_PATTERN = /^([\w-]{20,64})\.ics$/;

/** The token in a feed file name ('<token>.ics'), or null for anything else. */
export function tokenFromFeedFile(file: string): string | null {
  return FEED_FILE_PATTERN.exec(file)?.[1] ?? null;
}

// A feed file name after a slash, percent-encoded characters included (a router decodes them too):
// the `.ics` as well, since `<token>%2Eics` is served as the feed and was logged with its token whole.
const FEED_FILE_IN_TEXT = /\/(?:[\w-]|%[\dA-Fa-f]{2}){20,192}(?:\.|%2[Ee])(?:i|%69)(?:c|%63)(?:s|%73)/g;
// Every start FEED_FILE_IN_TEXT's `.ics` can have (a dot or `%2e`, then a letter plain or encoded).
const MAYBE_FEED_FILE = /\.ics|%2e|\.%6|\.i%6|\.ic%7/i;

/**
 * Issue 10 item 5: the same text with every feed token replaced by `[redacted]`. A feed URL is a
 * capability, so no log line may carry one (app.ts runs every log line through this).
 */
export function redactFeedTokens(text: string): string {
  // Every log line passes here (decision 0036: one per request); most hold no feed URL at all.
  if (!MAYBE_FEED_FILE.test(text)) return text;
  return text.replace(FEED_FILE_IN_TEXT, '/[redacted].ics');
}

export interface FeedTokenStatus {
  active: boolean;
  /** When the live token was issued (epoch ms), or null when there is none. */
  createdAt: number | null;
}

export interface FeedTokenOwner {
  ownerId: string;
  /** When the token was issued: lets a tool refuse a token older than the owner it now names. */
  createdAt: number;
}

/**
 * The feed tokens of one kind of feed. A store only ever reads and writes rows of its own kind, so
 * a token issued for one tool's feed can never open another's.
 */
export class FeedTokenStore {
  private readonly db: Kysely<CoreTables & FeedTokenTables>;

  constructor(
    db: Kysely<CoreTables>,
    readonly ownerKind: string,
    private readonly now: () => number = Date.now,
  ) {
    if (!/^[a-z][a-z0-9-]{0,63}$/.test(ownerKind)) throw new Error(`Bad feed owner kind: ${ownerKind}`);
    this.db = db.withTables<FeedTokenTables>();
  }

  /** A new secret for the owner, replacing (so revoking) any earlier one; the secret is shown once. */
  async issue(ownerId: string): Promise<{ token: string; createdAt: number }> {
    const token = crypto.randomBytes(24).toString('base64url');
    const tokenHash = hashToken(token);
    const createdAt = this.now();
    // One statement, so two concurrent issues leave exactly one live token (the primary key).
    await this.db
      .insertInto('feed_tokens')
      .values({ owner_kind: this.ownerKind, owner_id: ownerId, token_hash: tokenHash, created_at: createdAt })
      .onConflict((oc) => oc.columns(['owner_kind', 'owner_id']).doUpdateSet({ token_hash: tokenHash, created_at: createdAt }))
      .execute();
    return { token, createdAt };
  }

  /** Turns the owner's feed off; true when there was one. */
  async revoke(ownerId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('feed_tokens')
      .where('owner_kind', '=', this.ownerKind)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Whether the owner has a live token (the URL itself cannot be shown again: only its hash is kept). */
  async status(ownerId: string): Promise<FeedTokenStatus> {
    const row = await this.db
      .selectFrom('feed_tokens')
      .select('created_at')
      .where('owner_kind', '=', this.ownerKind)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return { active: row !== undefined, createdAt: row ? Number(row.created_at) : null };
  }

  /** Who a token belongs to; null for a malformed, unknown, replaced or revoked token, or another kind's. */
  async findOwner(token: string): Promise<FeedTokenOwner | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const row = await this.db
      .selectFrom('feed_tokens')
      .select(['owner_id', 'created_at'])
      .where('token_hash', '=', hashToken(token))
      .where('owner_kind', '=', this.ownerKind)
      .executeTakeFirst();
    return row ? { ownerId: row.owner_id, createdAt: Number(row.created_at) } : null;
  }
}
