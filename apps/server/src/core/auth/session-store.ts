import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CoreTables, SessionsTable } from '../db/core-tables';

export const SESSION_COOKIE = 'gh_session';

export interface Identity {
  kind: SessionsTable['kind'];
  subject: string;
  displayName: string;
  avatar: string | null;
}

export interface Session extends Identity {
  expiresAt: number;
}

/** ARCHITECTURE.md §4: the cookie holds a random token, the table only its hash. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export class SessionStore {
  constructor(
    private readonly db: Kysely<CoreTables>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async create(identity: Identity): Promise<{ token: string; expiresAt: number }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const createdAt = this.now();
    const expiresAt = createdAt + this.ttlMs;
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        kind: identity.kind,
        subject: identity.subject,
        display_name: identity.displayName,
        avatar: identity.avatar,
        created_at: createdAt,
        expires_at: expiresAt,
      })
      .execute();
    return { token, expiresAt };
  }

  /** The live session for a token, or null when unknown or expired. */
  async find(token: string): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    const row = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    if (!row) return null;
    return {
      kind: row.kind,
      subject: row.subject,
      displayName: row.display_name,
      avatar: row.avatar,
      expiresAt: row.expires_at,
    };
  }

  async delete(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  }

  async deleteExpired(): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expires_at', '<=', this.now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
