import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { CoreTables, SchoolAccountsTable, SessionsTable } from '../db/core-tables';
import type { EventBus, EventBusLog } from '../events/event-bus';
import { publishKeptChange } from '../events/publish-kept-change';
import { AUTH_TOPIC, type AuthEvent } from './auth-events';
import type { GrantRole } from './grant-store';
import { type SchoolAccount, toAccount } from './school-account-store';

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

/** The columns a Session is made of. */
type SessionRow = Pick<SessionsTable, 'kind' | 'subject' | 'display_name' | 'avatar' | 'expires_at'>;

type SessionWithAccountRow = SessionRow & {
  account_id: number | null;
  student_id: string | null;
  email: string | null;
  role: SchoolAccountsTable['role'] | null;
  created_at: number | null;
};

type SessionWithGrantRow = SessionRow & {
  granted_role: string | null;
};

function toSession(row: SessionRow): Session {
  return { kind: row.kind, subject: row.subject, displayName: row.display_name, avatar: row.avatar, expiresAt: row.expires_at };
}

export class SessionStore {
  constructor(
    private readonly db: Kysely<CoreTables>,
    private readonly events: Pick<EventBus, 'publish'>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly log: Pick<EventBusLog, 'warn'> | null = null,
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
    return row ? toSession(row) : null;
  }

  /**
   * The live session for a token and, for a school session, its account read fresh in the same
   * query (002: the role is never taken from the session). Every timetable and sports call starts
   * here, so it is one indexed join instead of two round trips (ARCHITECTURE.md §7).
   */
  async findWithSchoolAccount(token: string): Promise<{ session: Session; account: SchoolAccount | null } | null> {
    if (!token || token.length > 200) return null;
    // A sql template, not the query builder: building this join with Kysely's builder cost more
    // (~18 us a call) than running it (~10 us all told), undoing the saved round trip.
    const { rows } = await sql<SessionWithAccountRow>`select s.kind, s.subject, s.display_name, s.avatar, s.expires_at,
        a.id as account_id, a.student_id, a.email, a.role, a.created_at
      from sessions s
      left join school_accounts a on s.kind = 'school' and a.student_id = s.subject
      where s.token_hash = ${hashToken(token)} and s.expires_at > ${this.now()}`.execute(this.db);
    const row = rows[0];
    if (!row) return null;
    const account =
      row.account_id !== null && row.student_id !== null && row.role !== null && row.created_at !== null
        ? toAccount({ id: row.account_id, student_id: row.student_id, email: row.email, role: row.role, created_at: row.created_at })
        : null;
    return { session: toSession(row), account };
  }

  /**
   * The live session for a token and whether its subject holds `role` (a Discord session only),
   * read in one query: every staff and owner call starts here (requireGrant), so on PostgreSQL it is
   * one round trip instead of two (ARCHITECTURE.md §7). Grants are read fresh, never from the session.
   */
  async findWithGrant(token: string, role: GrantRole): Promise<{ session: Session; granted: boolean } | null> {
    if (!token || token.length > 200) return null;
    // A sql template, as findWithSchoolAccount: the saved round trip is not spent building the query.
    const { rows } = await sql<SessionWithGrantRow>`select s.kind, s.subject, s.display_name, s.avatar, s.expires_at,
        g.role as granted_role
      from sessions s
      left join grants g on s.kind = 'discord' and g.discord_id = s.subject and g.role = ${role}
      where s.token_hash = ${hashToken(token)} and s.expires_at > ${this.now()}`.execute(this.db);
    const row = rows[0];
    return row ? { session: toSession(row), granted: row.granted_role !== null } : null;
  }

  /** Ends the session; open streams of its subject hear it (issue 10 item 3). */
  async delete(token: string): Promise<void> {
    const ended = await this.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).returning('subject').execute();
    for (const { subject } of ended)
      await publishKeptChange(this.events, this.log, AUTH_TOPIC, { kind: 'session.ended', subject } satisfies AuthEvent);
  }

  async deleteExpired(): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expires_at', '<=', this.now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
