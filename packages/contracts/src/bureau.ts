import { z } from 'zod';
import { DiscordId, RobloxId, type ErrorCatalogue } from './core';

// 001 §2 Status checker: the selector is Discord ID or Roblox ID.
export const CheckerIdType = z.enum(['discord', 'roblox']);
export type CheckerIdType = z.infer<typeof CheckerIdType>;

export const CheckStatusQuery = z.discriminatedUnion('type', [
  z.object({ type: z.literal('discord'), id: DiscordId }),
  z.object({ type: z.literal('roblox'), id: RobloxId }),
]);
export type CheckStatusQuery = z.infer<typeof CheckStatusQuery>;

export const CheckerAccount = z.object({ id: z.string(), username: z.string().nullable() });

/** 001 §3 RobloxData/{id}/Ban as the checker shows it; null fields read 'Unknown' (001 §2). */
export const CheckerBan = z.object({
  isBanned: z.boolean(),
  moderator: z.string().nullable(),
  reason: z.string().nullable(),
  /** Seconds since epoch (001 §9). */
  time: z.number().nullable(),
});

/** 001 §3 RobloxData/{robloxId}/Ban as the registry keeps it (core/registry, testkit's makeBan). */
export const RegistryBan = CheckerBan.extend({ robloxId: z.string(), username: z.string().nullable() });
export type RegistryBan = z.infer<typeof RegistryBan>;

export const CheckStatusAnswer = z.discriminatedUnion('result', [
  z.object({ result: z.literal('not_found') }),
  z.object({
    result: z.literal('verified'),
    discord: CheckerAccount,
    roblox: CheckerAccount,
    ban: CheckerBan.nullable(),
  }),
  z.object({
    result: z.literal('not_verified'),
    roblox: CheckerAccount,
    ban: CheckerBan,
  }),
]);
export type CheckStatusAnswer = z.infer<typeof CheckStatusAnswer>;

// ---------------------------------------------------------------------------------------------
// Records tool (001 §2 "Records tool", §5): staff-only, paginated on the server.

/** 001 §2 Records tool: the selector chooses which id the search matches. */
export const RecordsIdType = CheckerIdType;
export type RecordsIdType = z.infer<typeof RecordsIdType>;

export const RECORDS_PAGE_SIZE = 50;

/**
 * 001 §5: the search is trimmed and is a case-insensitive substring match on the chosen id type.
 * `after` is the last Discord id of the previous page (keyset pagination: pages stay fast at any depth).
 */
export const SearchRecordsQuery = z.object({
  type: RecordsIdType.default('discord'),
  q: z.string().trim().max(25, 'must be at most 25 characters').default(''),
  after: z
    .string()
    .trim()
    .regex(/^\d{1,25}$/, 'must be a Discord ID: 1 to 25 digits')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(RECORDS_PAGE_SIZE),
});
export type SearchRecordsQuery = z.infer<typeof SearchRecordsQuery>;

export const RecordsPair = z.object({ discordId: z.string(), robloxId: z.string() });
export type RecordsPair = z.infer<typeof RecordsPair>;

export const SearchRecordsAnswer = z.object({
  items: z.array(RecordsPair),
  /** Pass as `after` to get the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SearchRecordsAnswer = z.infer<typeof SearchRecordsAnswer>;

/** What the live list hears on GET /bureau/api/records/events (server-sent events, event name 'change'). */
export const RecordsChangeEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pair.upserted'), discordId: z.string(), robloxId: z.string() }),
  z.object({ kind: z.literal('pair.deleted'), discordId: z.string() }),
  z.object({ kind: z.literal('reload') }),
]);
export type RecordsChangeEvent = z.infer<typeof RecordsChangeEvent>;

// ---------------------------------------------------------------------------------------------
// Lookups (001 §7 "Lookup worker"): the query parameters keep the spec's names discordId and robloxId.

export const UserDetailsQuery = z.object({ discordId: DiscordId, robloxId: RobloxId });
export type UserDetailsQuery = z.infer<typeof UserDetailsQuery>;

/** Where each half of the answer came from ('registry' = no API credentials, registry data only). */
export const LookupOrigin = z.enum(['live', 'cache', 'stale', 'registry']);

/** 001 §3 User details: every field the documents use; unknown or empty values read 'Unknown'. */
export const UserDetailsAnswer = z.object({
  discordId: z.string(),
  robloxId: z.string(),
  discordUsername: z.string(),
  discordDisplayName: z.string(),
  /** ISO date (from the snowflake), or 'Unknown'. */
  discordCreationDate: z.string(),
  /** 'Verified' when the pair is in the registry, else 'Not Verified'. */
  discordStatus: z.string(),
  robloxUsername: z.string(),
  robloxDisplayName: z.string(),
  robloxCreationDate: z.string(),
  /** 'Banned' or 'Clear' (the registry's ban record, or a terminated account on Roblox). */
  robloxStatus: z.string(),
  sources: z.object({ discord: LookupOrigin, roblox: LookupOrigin }),
  /** A sentence for staff when some details came from the registry alone (no credentials) or an old cache. */
  notice: z.string().nullable(),
});
export type UserDetailsAnswer = z.infer<typeof UserDetailsAnswer>;

// ---------------------------------------------------------------------------------------------
// Documents (001 §2 "Printable document", §9).

export const DocumentType = z.enum(['registration', 'infraction']);
export type DocumentType = z.infer<typeof DocumentType>;

export const DocumentParams = z.object({ discordId: DiscordId, type: DocumentType });
export type DocumentParams = z.infer<typeof DocumentParams>;

// ---------------------------------------------------------------------------------------------
// Bot-facing write API (token-authenticated: `Authorization: Bearer <api key>`).

export const Platform = z.enum(['Discord', 'Roblox']);
export type Platform = z.infer<typeof Platform>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const BotPairParams = z.object({ discordId: DiscordId });
/** 001 §3 Verification/{discordId} = robloxId. */
export const BotUpsertPairRequest = z.object({ robloxId: RobloxId }).strict();
export type BotUpsertPairRequest = z.infer<typeof BotUpsertPairRequest>;

export const BotBanParams = z.object({ robloxId: RobloxId });
/** 001 §3 RobloxData/{robloxId}/Ban: isBanned, Moderator, Reason, Time (seconds), Username. */
export const BotSetBanRequest = z
  .object({
    isBanned: z.boolean().default(true),
    moderator: optionalText(100),
    reason: optionalText(1000),
    /** Seconds since epoch (001 §9); defaults to now. */
    time: z.number().int().min(0).max(100_000_000_000).nullish(),
    username: optionalText(100),
  })
  .strict();
export type BotSetBanRequest = z.input<typeof BotSetBanRequest>;

/** 001 §3 Infractions/{category}/{subjectId}/{id}: id is an epoch-like number used as the date. */
export const BotAddInfractionRequest = z
  .object({
    platform: Platform,
    subjectId: z
      .string()
      .trim()
      .regex(/^\d{1,25}$/, 'must be a Discord or Roblox ID: 1 to 25 digits'),
    /** Epoch milliseconds; defaults to now. Adding the same id again replaces that infraction. */
    id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    moderator: optionalText(100),
    reason: optionalText(1000),
    note: optionalText(2000),
  })
  .strict();
export type BotAddInfractionRequest = z.input<typeof BotAddInfractionRequest>;

export const BotInfractionParams = z.object({
  platform: Platform,
  subjectId: z
    .string()
    .trim()
    .regex(/^\d{1,25}$/, 'must be a Discord or Roblox ID: 1 to 25 digits'),
  id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

export const BotWriteAnswer = z.object({ ok: z.literal(true), changed: z.boolean() });
export type BotWriteAnswer = z.infer<typeof BotWriteAnswer>;
export const BotAddInfractionAnswer = BotWriteAnswer.extend({ id: z.number() });
export type BotAddInfractionAnswer = z.infer<typeof BotAddInfractionAnswer>;

// ---------------------------------------------------------------------------------------------
// Infraction lookup (001 §2 "Infraction lookup page", §3 infraction records): one person on screen.

export const PersonInfractionsParams = z.object({ discordId: DiscordId });
export type PersonInfractionsParams = z.infer<typeof PersonInfractionsParams>;

/** 001 §3: Infractions/{category}/{subjectId}/{id} with Moderator, Reason, Note; absent fields are null. */
export const PersonInfraction = z.object({
  platform: Platform,
  /** The epoch-like number that is also the date (001 §9). */
  id: z.number(),
  /** ISO time read from the id (milliseconds, or seconds when small); null when it is no real date. */
  date: z.string().nullable(),
  moderator: z.string().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
});
export type PersonInfraction = z.infer<typeof PersonInfraction>;

/** 001 §3 Infractions/{category}/{subjectId}/{id} as the registry keeps it (core/registry, testkit's makeInfraction). */
export const RegistryInfraction = PersonInfraction.omit({ date: true }).extend({ subjectId: z.string() });
export type RegistryInfraction = z.infer<typeof RegistryInfraction>;

/** Both accounts of the verified pair and both platforms' infractions, ascending by numeric id (001 §3). */
export const PersonInfractionsAnswer = z.object({
  discordId: z.string(),
  robloxId: z.string(),
  infractions: z.array(PersonInfraction),
});
export type PersonInfractionsAnswer = z.infer<typeof PersonInfractionsAnswer>;

/** Bureau's own error codes (001 §8 texts; decision 0017). */
export const BUREAU_ERRORS = {
  'bureau.lookup_failed': { status: 502, sentence: 'Failed to fetch user details from API: Bad Gateway' },
  'bureau.infractions_failed': { status: 503, sentence: 'Could not fetch the infractions. Please try again.' },
  'bureau.pdf_failed': { status: 503, sentence: 'Failed to generate PDF file.' },
} as const satisfies ErrorCatalogue;
export type BureauErrorCode = keyof typeof BUREAU_ERRORS;
