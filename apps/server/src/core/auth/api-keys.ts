import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../db/core-tables';
import { DomainError } from '../errors/domain-error';
import { hashToken } from './session-store';

// The scopes a bot key can hold; one per API family so a leaked key only opens its own door.
export const API_KEY_SCOPES = ['bureau-bot'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}

export interface ApiKeysTable {
  id: string;
  name: string;
  scope: string;
  key_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

// A type alias (not an interface) so Kysely's withTables accepts it.
export type ApiKeyTables = {
  api_keys: ApiKeysTable;
};

export interface ApiKeyInfo {
  id: string;
  name: string;
  scope: ApiKeyScope;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

const KEY_PATTERN = /^gh_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

/**
 * Bot API keys: `gh_<id>_<secret>`, shown once at creation; the table keeps the SHA-256 of the
 * whole key (the secret is 256 random bits, so a fast hash is enough, unlike a password).
 */
export class ApiKeyStore {
  private readonly db: Kysely<CoreTables & ApiKeyTables>;

  constructor(
    db: Kysely<CoreTables>,
    private readonly now: () => number = Date.now,
  ) {
    this.db = db.withTables<ApiKeyTables>();
  }

  async create(name: string, scope: ApiKeyScope): Promise<{ key: string; info: ApiKeyInfo }> {
    const id = crypto
      .randomBytes(6)
      .toString('base64url')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '0')
      .slice(0, 8);
    const key = `gh_${id}_${crypto.randomBytes(32).toString('base64url')}`;
    const createdAt = this.now();
    await this.db
      .insertInto('api_keys')
      .values({ id, name, scope, key_hash: hashToken(key), created_at: createdAt, last_used_at: null, revoked_at: null })
      .execute();
    return { key, info: { id, name, scope, createdAt, lastUsedAt: null, revokedAt: null } };
  }

  /** The live key's info, or null when malformed, unknown, revoked, or of another scope. */
  async verify(key: string, scope: ApiKeyScope): Promise<ApiKeyInfo | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const row = await this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', hashToken(key)).executeTakeFirst();
    if (!row || row.revoked_at !== null || row.scope !== scope) return null;
    const usedAt = this.now();
    // Once a minute is enough for "last used"; it spares a write per bot call.
    if (row.last_used_at === null || usedAt - row.last_used_at > 60_000) {
      await this.db.updateTable('api_keys').set({ last_used_at: usedAt }).where('id', '=', row.id).execute();
    }
    return toInfo({ ...row, last_used_at: usedAt });
  }

  async revoke(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: this.now() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async list(): Promise<ApiKeyInfo[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().orderBy('created_at').execute();
    return rows.map(toInfo);
  }
}

function toInfo(row: ApiKeysTable): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiKeyScope,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

const stores = new WeakMap<object, ApiKeyStore>();

/** One store per database handle, so routes need nothing added to the shared context. */
export function apiKeyStoreFor(db: Kysely<CoreTables>, now: () => number): ApiKeyStore {
  let store = stores.get(db);
  if (!store) {
    store = new ApiKeyStore(db, now);
    stores.set(db, store);
  }
  return store;
}

/** Bot calls carry `Authorization: Bearer <key>`; anything else is a 401 (never a session cookie). */
export async function requireApiKey(request: FastifyRequest, scope: ApiKeyScope): Promise<ApiKeyInfo> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new DomainError('unauthenticated', 'This API needs an API key: send "Authorization: Bearer <key>".');
  const { database, now } = request.server.ctx;
  const info = await apiKeyStoreFor(database.db, now).verify(match[1]!, scope);
  if (!info) throw new DomainError('unauthenticated', 'The API key is not valid, or it has been revoked.');
  return info;
}
