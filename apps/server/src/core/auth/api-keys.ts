import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { API_KEY_SCOPES, type ApiKeyScope, ApiKeyScope as ApiKeyScopeSchema } from '@guildhall/contracts/admin';
import type { CoreTables } from '../db/core-tables';
import { DomainError } from '../errors/domain-error';
import { hashToken } from './session-store';

export { API_KEY_SCOPES, type ApiKeyScope };
// Issue 14 item 4 (decision 0030): narrower bureau scopes, one per kind of record; bureau-bot holds
// all three, so the keys made before them keep working.
const BUREAU_KEY_SCOPES: readonly ApiKeyScope[] = ['bureau-pairs', 'bureau-bans', 'bureau-cases'];

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return ApiKeyScopeSchema.safeParse(value).success;
}

/**
 * A key's scopes as stored in api_keys.scope: space-separated (as OAuth writes them), each once, in
 * the contracts' order. A key made before issue 14 holds one, so its text reads as before.
 */
function scopeText(scopes: readonly ApiKeyScope[]): string {
  return API_KEY_SCOPES.filter((scope) => scopes.includes(scope)).join(' ');
}

/** Whether a key holding `held` (api_keys.scope) may make a call that needs `needed`. */
function scopeAllows(held: string, needed: ApiKeyScope): boolean {
  return held.split(' ').some((scope) => scope === needed || (scope === 'bureau-bot' && BUREAU_KEY_SCOPES.includes(needed)));
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
  /** The scopes, space-separated (api_keys.scope). */
  scope: string;
  scopes: ApiKeyScope[];
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

  async create(name: string, scopes: ApiKeyScope | readonly ApiKeyScope[]): Promise<{ key: string; info: ApiKeyInfo }> {
    const scope = scopeText(typeof scopes === 'string' ? [scopes] : scopes);
    if (!scope) throw new Error('an API key needs at least one scope');
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
    return { key, info: toInfo({ id, name, scope, key_hash: '', created_at: createdAt, last_used_at: null, revoked_at: null }) };
  }

  /** The live key's info, or null when malformed, unknown, revoked, or without the scope. */
  async verify(key: string, scope: ApiKeyScope): Promise<ApiKeyInfo | null> {
    const info = await this.authenticate(key);
    return info && scopeAllows(info.scope, scope) ? info : null;
  }

  /** The live key's info whatever its scope, or null when malformed, unknown or revoked. */
  async authenticate(key: string): Promise<ApiKeyInfo | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const row = await this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', hashToken(key)).executeTakeFirst();
    if (!row || row.revoked_at !== null) return null;
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

export function toInfo(row: ApiKeysTable): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    scopes: row.scope.split(' ').filter(isApiKeyScope),
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

/**
 * Bot calls carry `Authorization: Bearer <key>`; anything else is a 401 (never a session cookie). A
 * live key without the call's scope is a 403 naming the scope (issue 14 item 4).
 */
export async function requireApiKey(request: FastifyRequest, scope: ApiKeyScope): Promise<ApiKeyInfo> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new DomainError('unauthenticated', 'This API needs an API key: send "Authorization: Bearer <key>".');
  const { database, now } = request.server.ctx;
  const info = await apiKeyStoreFor(database.db, now).authenticate(match[1]!);
  if (!info) throw new DomainError('unauthenticated', 'The API key is not valid, or it has been revoked.');
  assertKeyHolds(info, scope);
  return info;
}

/** A 403 naming the scope unless the key holds it (a call whose further scope depends on its input). */
export function assertKeyHolds(info: ApiKeyInfo, scope: ApiKeyScope): void {
  if (!scopeAllows(info.scope, scope)) throw new DomainError('forbidden', `This API key does not hold the scope ${scope}.`);
}

/**
 * What the bot rate limit counts a request by, read without the database (the limit runs before the
 * key is checked): a well-formed key's id with a digest of the whole key. The id alone is no secret
 * (the CLI, the owner console and the history show it), so 120 calls with a made-up secret used up
 * the real key's minute; now only the holder of the key can. Null without a well-formed key.
 */
export function apiKeyLimitKeyOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const id = (match && KEY_PATTERN.exec(match[1]!)?.[1]) ?? null;
  return id === null ? null : `${id}:${crypto.createHash('sha256').update(match![1]!).digest('base64url').slice(0, 16)}`;
}
