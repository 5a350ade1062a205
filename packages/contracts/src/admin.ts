import { z } from 'zod';
import { STACKED_MARKS, TEXT_DIRECTION_CONTROLS } from './stored-text';
import { DiscordId, WrittenDiscordId, type ErrorCatalogue } from './core';

/**
 * Issue 12 item 7: the owner console (/admin) and its API (/admin/api/...), for holders of the
 * `owner` grant. The grant roles are listed here (ARCHITECTURE.md §4), so the web offers only what
 * the server accepts; core/auth/grant-store.ts takes its list from here.
 */
export const ADMIN_GRANT_ROLES = ['recruitment-admin', 'bureau-staff', 'owner'] as const;
export const AdminGrantRole = z.enum(ADMIN_GRANT_ROLES);

export const ADMIN_ERRORS = {
  // An owner cannot lock themselves out: another owner, or the CLI, takes the role away.
  'admin.own_owner_grant': {
    status: 409,
    sentence: 'You cannot take the owner role from yourself. Another owner, or the command line, can.',
  },
  // Two owners removing each other at the same moment left nobody who could open the console.
  'admin.no_longer_owner': {
    status: 403,
    sentence: 'Your owner role was taken away a moment ago, so you can no longer take roles away.',
  },
} as const satisfies ErrorCatalogue;

export const Grant = z.object({ discordId: z.string(), role: AdminGrantRole, grantedAt: z.number() });
export type Grant = z.infer<typeof Grant>;

/**
 * Decision 0074: the console's lists (roles, keys, the audit log) are paged on the server, by offset, as
 * the audit log was first (0027): people read them a page at a time. Page 1 comes first; `pageSize` is
 * ADMIN_PAGE_SIZE unless asked, at most ADMIN_PAGE_SIZE_MAX, so no call reads a whole table.
 */
export const ADMIN_PAGE_SIZE = 25;
const ADMIN_PAGE_SIZE_MAX = 100;
const wholeNumber = (max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(max, `must be at most ${max}`);
export const PageQuery = z.object({
  page: wholeNumber(100_000).default(1),
  pageSize: wholeNumber(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE),
});
/** What a page answers beside its rows: which page, its size, and how many rows there are in all. */
const PageInfo = { page: z.number(), pageSize: z.number(), total: z.number() };

/** GET /admin/api/grants?page=&pageSize= (by role, then Discord ID) */
export const GrantsAnswer = z.object({ grants: z.array(Grant), ...PageInfo });
export type GrantsAnswer = z.infer<typeof GrantsAnswer>;

/**
 * POST /admin/api/grants (idempotent: granting what is held answers `changed: false`). A snowflake never
 * starts with 0, so a grant to "0867..." could never match a sign-in and the owner would think they had
 * given access (owner console audit; decision 0075 made it every write's rule). DELETE (`GrantParams`)
 * must still remove any grant already stored.
 */
export const GrantRequest = z.object({ discordId: WrittenDiscordId, role: AdminGrantRole });
export type GrantRequest = z.infer<typeof GrantRequest>;

/** DELETE /admin/api/grants/:discordId/:role */
export const GrantParams = z.object({ discordId: DiscordId, role: AdminGrantRole });

export const GrantChangeAnswer = z.object({ discordId: z.string(), role: AdminGrantRole, changed: z.boolean() });
export type GrantChangeAnswer = z.infer<typeof GrantChangeAnswer>;

/**
 * Issue 14 item 4 (decision 0030): the scopes a bot API key can hold, each with what it allows. A key
 * holds one or more; bureau-bot holds the three bureau scopes, so keys made before them keep working.
 * The CLI's help and the owner console's create-key form list these; the server accepts nothing else.
 */
export const API_KEY_SCOPES = ['bureau-bot', 'bureau-pairs', 'bureau-bans', 'bureau-cases'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES, { error: () => `must be one of ${API_KEY_SCOPES.join(', ')}` });
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;
export const API_KEY_SCOPE_ALLOWS: Record<ApiKeyScope, string> = {
  'bureau-bot': 'every bureau bot call: all that bureau-pairs, bureau-bans and bureau-cases allow',
  'bureau-pairs': 'write and remove verified pairs (/bureau/api/bot/v1/pairs)',
  'bureau-bans': 'set and lift Roblox bans (/bureau/api/bot/v1/bans)',
  'bureau-cases':
    'add and remove infractions; open, amend, expire and note cases (/bureau/api/bot/v1/infractions, /cases); a Roblox ban or unban case also needs bureau-bans',
};

export const ApiKeyInfo = z.object({
  id: z.string(),
  name: z.string(),
  /** The scopes, space-separated (issue 12 answered one scope here). */
  scope: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

/**
 * GET /admin/api/keys?page=&pageSize=&revoked=, newest first. Decision 0074: live keys only unless
 * `revoked=show` (a revoked key is kept for the audit log's sake, and listed forever it buried the live
 * ones). `scopes` are those a new key may hold (the server's list).
 */
export const ApiKeysQuery = PageQuery.extend({
  revoked: z.enum(['hide', 'show'], { error: 'must be hide or show' }).default('hide'),
});
export type ApiKeysQuery = z.infer<typeof ApiKeysQuery>;
export const ApiKeysAnswer = z.object({ keys: z.array(ApiKeyInfo), scopes: z.array(z.string()), ...PageInfo });
export type ApiKeysAnswer = z.infer<typeof ApiKeysAnswer>;

/**
 * Decision 0067 (owner console audit): the rest of what a key's name must not be. Control characters (C0,
 * DEL, C1: a line break, a tab, an escape sequence) and the line and paragraph separators have no place in a one-line name. A character that
 * shows is anything but white space, a mark, a control or a default-ignorable code point (zero-width
 * spaces and joiners, the soft hyphen, the Hangul filler): a name of those alone listed as a blank row.
 * Five or more non-spacing marks in a row stack up and draw over the rows above and below; Thai, Tibetan,
 * Hebrew and decomposed Vietnamese put at most four on a letter.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;
// U+2800, the blank Braille pattern, is a symbol that shows nothing.
const SHOWS = /[^\p{White_Space}\p{M}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** A bot API key's name, from the console or the CLI's create-api-key. */
export const ApiKeyName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  // `search`, not `test`: on a /g pattern `test` starts where its last match ended.
  .refine((name) => name.search(TEXT_DIRECTION_CONTROLS) === -1, 'must not contain text-direction control characters')
  .refine((name) => name === '' || SHOWS.test(name), 'must not be empty')
  .refine((name) => !CONTROL_CHARACTERS.test(name), 'must not contain control characters, such as a line break, a tab or an escape')
  .refine((name) => !STACKED_MARKS.test(name), 'must not stack more than 4 marks on one letter');

/** POST /admin/api/keys: `scopes` (issue 14) or one `scope` (issue 12), not both; bureau-bot when neither. */
export const CreateApiKeyRequest = z
  .object({
    name: ApiKeyName,
    scope: ApiKeyScope.optional(),
    scopes: z.array(ApiKeyScope).min(1, 'choose at least one scope').max(API_KEY_SCOPES.length).optional(),
  })
  .refine((body) => body.scope === undefined || body.scopes === undefined, {
    path: ['scopes'],
    message: 'send scopes or scope, not both',
  });
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

/** The secret `key` is in this answer only; the server keeps its hash. */
export const CreateApiKeyAnswer = z.object({ key: z.string(), info: ApiKeyInfo });
export type CreateApiKeyAnswer = z.infer<typeof CreateApiKeyAnswer>;

/** DELETE /admin/api/keys/:id */
export const ApiKeyParams = z.object({ id: z.string().regex(/^[a-z0-9]{8}$/, 'must be a key id: 8 lowercase letters or digits') });
export const RevokeApiKeyAnswer = z.object({ id: z.string(), revoked: z.literal(true) });
export type RevokeApiKeyAnswer = z.infer<typeof RevokeApiKeyAnswer>;

/** What the audit log records (issue 12 item 7). */
export const AUDIT_ACTIONS = ['sign_in', 'sign_in_failed', 'grant.given', 'grant.revoked', 'api_key.created', 'api_key.revoked'] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** The audit log's actions in words, as the console shows them (and its search finds them). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  'grant.given': 'Role granted',
  'grant.revoked': 'Role revoked',
  'api_key.created': 'Key created',
  'api_key.revoked': 'Key revoked',
};

/** Who did it, in words (the console's Who column): the CLI on the server, or a kind of sign-in and its id. */
export function describeAuditActor(kind: string, id: string): string {
  if (kind === 'cli') return `Command line (${id})`;
  if (kind === 'school') return `Student ${id}`;
  if (kind === 'line') return `LINE ${id}`;
  return `Discord ${id}`;
}

export const AuditEntry = z.object({
  id: z.number(),
  at: z.number(),
  action: AuditAction,
  /** Who: `discord`, `school` or `cli` (a shell on the server) and their id. */
  actorKind: z.string(),
  actor: z.string(),
  /** What it was about: a Discord id and role, a key id, a student ID. */
  target: z.string().nullable(),
  detail: z.string().nullable(),
  /** The client address (null from the CLI). */
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /admin/api/audit?q=&action=&page=&pageSize= (page 1 is the newest). */
export const AuditQuery = PageQuery.extend({
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  action: AuditAction.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditAnswer = z.object({ entries: z.array(AuditEntry), ...PageInfo });
export type AuditAnswer = z.infer<typeof AuditAnswer>;
