import { z } from 'zod';
import { DiscordId, RobloxId, WrittenDiscordId, WrittenRobloxId, asPrinted, idFromText, type ErrorCatalogue } from './core';

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
/** Writing a pair: decision 0075, as Discord prints the ID (removing one takes any stored ID). */
export const BotPairWriteParams = z.object({ discordId: WrittenDiscordId });
/**
 * 001 §3 Verification/{discordId} = robloxId. Issue 14 item 4: the body is `{"robloxId": "..."}`, or the
 * value exactly as the realtime database holds it, a bare JSON string `"..."`.
 */
export const BotUpsertPairRequest = z
  .union([WrittenRobloxId, z.object({ robloxId: WrittenRobloxId }).strict()])
  .transform((value) => (typeof value === 'string' ? { robloxId: value } : value));
export type BotUpsertPairRequest = z.input<typeof BotUpsertPairRequest>;

/**
 * Issue 14 item 4: a field may come by 001 §3's name as the realtime database holds it (`Moderator`)
 * or by the lower-case name this API used first (`moderator`), never both at once.
 */
function oneNamePerField(pairs: ReadonlyArray<readonly [string, string]>, given: (value: unknown) => boolean = (v) => v != null) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [spec, lower] of pairs) {
      if (given(value[spec]) && given(value[lower]))
        ctx.addIssue({ code: 'custom', path: [spec], message: `give ${spec} or ${lower}, not both` });
    }
  };
}

/**
 * 001 §3's infraction texts Moderator, Reason and Note, by those names or in lower case (issue 14 item 4):
 * a bot adding an infraction and anyone opening a case give them alike.
 */
const INFRACTION_TEXTS = {
  Moderator: optionalText(100),
  Reason: optionalText(1000),
  Note: optionalText(2000),
  moderator: optionalText(100),
  reason: optionalText(1000),
  note: optionalText(2000),
};
const oneNamePerInfractionText = oneNamePerField([
  ['Moderator', 'moderator'],
  ['Reason', 'reason'],
  ['Note', 'note'],
]);
/** The infraction texts under their lower-case names alone, whichever name they came by. */
function foldInfractionTexts<T extends Record<keyof typeof INFRACTION_TEXTS, string | null>>({ Moderator, Reason, Note, ...v }: T) {
  return { ...v, moderator: Moderator ?? v.moderator, reason: Reason ?? v.reason, note: Note ?? v.note };
}

/** A Discord or Roblox id, as a new case or infraction names its subject: as printed (decision 0075). */
const SubjectId = asPrinted(
  z
    .string()
    .trim()
    .regex(/^\d{1,25}$/, 'must be a Discord or Roblox ID: 1 to 25 digits'),
  'Discord or Roblox ID',
);

export const BotBanParams = z.object({ robloxId: RobloxId });
/** Writing a ban: decision 0075, as Roblox prints the ID (lifting one takes any stored ID). */
export const BotBanWriteParams = z.object({ robloxId: WrittenRobloxId });
const BAN_TIME = z.number().int().min(0).max(100_000_000_000).nullish();
/**
 * 001 §3 RobloxData/{robloxId}/Ban: isBanned, Moderator, Reason, Time (seconds), Username, by those
 * names or in lower case (issue 14 item 4).
 */
export const BotSetBanRequest = z
  .object({
    isBanned: z.boolean().default(true),
    Moderator: optionalText(100),
    Reason: optionalText(1000),
    /** Seconds since epoch (001 §9); defaults to now. */
    Time: BAN_TIME,
    Username: optionalText(100),
    moderator: optionalText(100),
    reason: optionalText(1000),
    time: BAN_TIME,
    username: optionalText(100),
  })
  .strict()
  .superRefine(
    oneNamePerField([
      ['Moderator', 'moderator'],
      ['Reason', 'reason'],
      ['Time', 'time'],
      ['Username', 'username'],
    ]),
  )
  .transform((v) => ({
    isBanned: v.isBanned,
    moderator: v.Moderator ?? v.moderator,
    reason: v.Reason ?? v.reason,
    time: v.Time ?? v.time ?? null,
    username: v.Username ?? v.username,
  }));
export type BotSetBanRequest = z.input<typeof BotSetBanRequest>;

/** Epoch milliseconds up to the last moment a date can hold (year 275760): later ones cannot be shown or printed. */
const EpochMs = z.number().int().min(0).max(8_640_000_000_000_000, 'must be a date no later than the year 275760');

/** 001 §3 Infractions/{category}/{subjectId}/{id}: id is an epoch-like number used as the date. */
export const BotAddInfractionRequest = z
  .object({
    platform: Platform,
    subjectId: SubjectId,
    /** Epoch milliseconds; defaults to now. Adding the same id again replaces that infraction. */
    id: EpochMs.optional(),
    ...INFRACTION_TEXTS,
  })
  .strict()
  .superRefine(oneNamePerInfractionText)
  .transform(foldInfractionTexts);
export type BotAddInfractionRequest = z.input<typeof BotAddInfractionRequest>;

export const BotInfractionParams = z.object({
  platform: Platform,
  subjectId: z
    .string()
    .trim()
    .regex(/^\d{1,25}$/, 'must be a Discord or Roblox ID: 1 to 25 digits'),
  // An infraction's id is epoch-like, a bigint column: any whole number a JS number holds exactly
  // (not MAX_ID, the bound of the serial ids below).
  id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

export const BotWriteAnswer = z.object({ ok: z.literal(true), changed: z.boolean() });
export type BotWriteAnswer = z.infer<typeof BotWriteAnswer>;
export const BotAddInfractionAnswer = BotWriteAnswer.extend({ id: z.number() });
export type BotAddInfractionAnswer = z.infer<typeof BotAddInfractionAnswer>;

/** What the bot authors' page (/bureau/bot-api) reads of the OpenAPI document; the rest passes through. */
const JsonSchemaObject = z.record(z.string(), z.unknown());
export const BotApiDocument = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        summary: z.string(),
        'x-scope': z.string(),
        /** The same call's older address without /v1 (decision 0030), where it has one. */
        'x-also-at': z.string().optional(),
        parameters: z.array(z.object({ name: z.string(), in: z.string(), schema: JsonSchemaObject })),
        requestBody: z.object({ content: z.record(z.string(), z.object({ schema: JsonSchemaObject })) }).optional(),
        responses: z.record(
          z.string(),
          z.object({ description: z.string(), content: z.record(z.string(), z.object({ schema: JsonSchemaObject })).optional() }),
        ),
      }),
    ),
  ),
});
export type BotApiDocument = z.infer<typeof BotApiDocument>;

// ---------------------------------------------------------------------------------------------
// Issue 14 item 5: the history of every change to a pair, ban or case (who, when, before, after).

export const HistoryActor = z.object({
  /** staff and member: a Discord user; bot: an API key (its id and name); system: the server itself (an expiry). */
  kind: z.enum(['staff', 'member', 'bot', 'system']),
  id: z.string(),
  name: z.string().nullable(),
});
export type HistoryActor = z.infer<typeof HistoryActor>;

export const HistoryEntry = z.object({
  id: z.number(),
  entity: z.enum(['pair', 'ban', 'case']),
  /** The pair's Discord ID, the ban's Roblox ID, or the case number. */
  key: z.string(),
  action: z.string(),
  actor: HistoryActor,
  /** Epoch milliseconds. */
  at: z.number(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** GET /bureau/api/history: the changes concerning a Discord ID, a Roblox ID, or both. */
export const HistoryQuery = z
  .object({ discordId: DiscordId.optional(), robloxId: RobloxId.optional() })
  .refine((q) => q.discordId || q.robloxId, { message: 'give discordId, robloxId or both', path: ['discordId'] });
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** Newest first. */
export const HistoryAnswer = z.object({ entries: z.array(HistoryEntry) });
export type HistoryAnswer = z.infer<typeof HistoryAnswer>;

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

// ---------------------------------------------------------------------------------------------
// Issue 14 item 2: cases. Every infraction (001 §3) is a case with a number, a type, an optional expiry,
// a hidden flag and notes; amendments keep the text before them in the history.

export const CASE_TYPES = ['note', 'warn', 'mute', 'kick', 'ban', 'unban'] as const;
export const CaseType = z.enum(CASE_TYPES);
export type CaseType = z.infer<typeof CaseType>;

/** A note, a kick and an unban happen once; the other types may run until an expiry. */
export const caseTypeExpires = (type: CaseType): boolean => type !== 'note' && type !== 'kick' && type !== 'unban';

/** The labels shown for each type unless BUREAU_CASE_TYPE_LABELS names others. */
export const DEFAULT_CASE_TYPE_LABELS: Record<CaseType, string> = {
  note: 'Note',
  warn: 'Warning',
  mute: 'Mute',
  kick: 'Kick',
  ban: 'Ban',
  unban: 'Unban',
};

export const CaseNote = z.object({ id: z.number(), body: z.string(), author: HistoryActor, at: z.number() });
export type CaseNote = z.infer<typeof CaseNote>;

export const CaseInfo = z.object({
  /** Counted once for the whole community, never reused. */
  number: z.number(),
  type: CaseType,
  typeLabel: z.string(),
  /** Epoch milliseconds, or null when the case does not expire. */
  expiresAt: z.number().nullable(),
  expired: z.boolean(),
  hidden: z.boolean(),
  notes: z.array(CaseNote),
});
export type CaseInfo = z.infer<typeof CaseInfo>;

/** Staff (POST /bureau/api/cases) and bots (POST /bureau/api/bot/v1/cases) open a case with the same rules. */
export const CreateCaseRequest = z
  .object({
    platform: Platform,
    subjectId: SubjectId,
    type: CaseType.default('warn'),
    ...INFRACTION_TEXTS,
    /** Epoch milliseconds, later than now; a ban case on Roblox lifts the ban then. */
    expiresAt: EpochMs.nullish(),
    hidden: z.boolean().default(false),
  })
  .strict()
  .superRefine(oneNamePerInfractionText)
  .transform((v) => ({ ...foldInfractionTexts(v), expiresAt: v.expiresAt ?? null }));
export type CreateCaseRequest = z.input<typeof CreateCaseRequest>;

/** Absent: kept; null or blank: cleared. */
const amendText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullable().optional();
const amended = (a: string | null | undefined, b: string | null | undefined) => {
  const value = a !== undefined ? a : b;
  return value === undefined ? undefined : value || null;
};

/**
 * The case as the amend form opened it (issue 14 item 2, the lost update of two staff in two tabs):
 * each field named must still hold this value, or the amendment is refused with a 409 and writes
 * nothing. Compared as stored, so not trimmed. Optional: bots and older callers amend without it.
 */
const AmendCaseExpected = z
  .object({
    type: CaseType.optional(),
    moderator: z.string().nullable().optional(),
    reason: z.string().nullable().optional(),
    expiresAt: EpochMs.nullable().optional(),
    hidden: z.boolean().optional(),
  })
  .strict();

/** What an amendment may change; the text before it stays in the history. */
export const AmendCaseRequest = z
  .object({
    type: CaseType.optional(),
    Moderator: amendText(100),
    Reason: amendText(1000),
    moderator: amendText(100),
    reason: amendText(1000),
    /** null: the case no longer expires. */
    expiresAt: EpochMs.nullable().optional(),
    hidden: z.boolean().optional(),
    expected: AmendCaseExpected.optional(),
  })
  .strict()
  .superRefine(
    // An amendment's null clears: null under one name and a value under the other say two things.
    oneNamePerField(
      [
        ['Moderator', 'moderator'],
        ['Reason', 'reason'],
      ],
      (v) => v !== undefined,
    ),
  )
  .superRefine((v, ctx) => {
    // `expected` only guards a change: on its own it changes nothing.
    if (Object.entries(v).every(([key, x]) => key === 'expected' || x === undefined))
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'name at least one field to change' });
  })
  .transform((v) => ({
    type: v.type,
    moderator: amended(v.Moderator, v.moderator),
    reason: amended(v.Reason, v.reason),
    expiresAt: v.expiresAt,
    hidden: v.hidden,
    expected: v.expected,
  }));
export type AmendCaseRequest = z.input<typeof AmendCaseRequest>;

/**
 * A case's number is its row id (serial): held to MAX_ID (core.ts), so a larger one is refused here
 * instead of PostgreSQL refusing the query with a 500 (it was held only to Number.MAX_SAFE_INTEGER).
 */
export const CaseParams = z.object({ number: idFromText('must be a case number') });

export const AddCaseNoteRequest = z
  .object({ body: z.string().trim().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters') })
  .strict();
export type AddCaseNoteRequest = z.input<typeof AddCaseNoteRequest>;

/** One case with its infraction (001 §3 fields) and the account it concerns. */
export const CaseAnswer = z.object({
  platform: Platform,
  subjectId: z.string(),
  id: z.number(),
  date: z.string().nullable(),
  moderator: z.string().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  case: CaseInfo,
});
export type CaseAnswer = z.infer<typeof CaseAnswer>;

// ---------------------------------------------------------------------------------------------
// Issue 14 item 3: the infraction page for anyone, by Discord or Roblox ID, paired or not.

/** GET /bureau/api/lookup?type=discord|roblox&id=... (staff). */
export const PersonLookupQuery = CheckStatusQuery;
export type PersonLookupQuery = z.infer<typeof PersonLookupQuery>;

export const LookupProfile = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  /** Where the answer came from (a live API call, the cache, an old cache), or unavailable. */
  source: z.enum(['live', 'cache', 'stale', 'unavailable']),
});

export const PersonLookupAnswer = z.object({
  /** The Discord and Roblox ID the registry pairs with the one asked for; null when it holds none. */
  discordId: z.string().nullable(),
  robloxId: z.string().nullable(),
  paired: z.boolean(),
  profiles: z.object({ discord: LookupProfile.nullable(), roblox: LookupProfile.nullable() }),
  /** 001 §3 RobloxData/{robloxId}/Ban as the registry holds it. */
  ban: RegistryBan.nullable(),
  /** Both platforms' cases, ascending by 001 §3 id; staff see hidden and expired ones too. */
  infractions: z.array(CaseAnswer),
  history: z.array(HistoryEntry),
  caseTypeLabels: z.record(CaseType, z.string()),
});
export type PersonLookupAnswer = z.infer<typeof PersonLookupAnswer>;

// ---------------------------------------------------------------------------------------------
// Issue 14 item 4: the bot API, versioned and described. The first paths (without /v1) stay as they were.

export const BOT_API_BASE = '/bureau/api/bot/v1';
export const BOT_API_LEGACY_BASE = '/bureau/api/bot';

/** What a key may write (core/auth/api-keys.ts names them bureau-pairs, bureau-bans, bureau-cases). */
export const BotScope = z.enum(['pairs', 'bans', 'cases']);
export type BotScope = z.infer<typeof BotScope>;

/** One call of the bot API: the OpenAPI document (GET {BOT_API_BASE}/openapi.json) is built from these. */
export interface BotApiOperation {
  method: 'get' | 'put' | 'post' | 'patch' | 'delete';
  /** Below BOT_API_BASE, OpenAPI style: `/pairs/{discordId}`. */
  path: string;
  scope: BotScope;
  summary: string;
  params?: z.ZodType;
  body?: z.ZodType;
  status: 200 | 201;
  answer: z.ZodType;
}

export const BOT_API_OPERATIONS: BotApiOperation[] = [
  {
    method: 'put',
    path: '/pairs/{discordId}',
    scope: 'pairs',
    summary: 'Write the verified pair Verification/{discordId} = robloxId (001 §3).',
    params: BotPairWriteParams,
    body: BotUpsertPairRequest,
    status: 200,
    answer: BotWriteAnswer,
  },
  {
    method: 'delete',
    path: '/pairs/{discordId}',
    scope: 'pairs',
    summary: 'Remove the verified pair of a Discord ID.',
    params: BotPairParams,
    status: 200,
    answer: BotWriteAnswer,
  },
  {
    method: 'put',
    path: '/bans/{robloxId}',
    scope: 'bans',
    summary: 'Write the ban RobloxData/{robloxId}/Ban (001 §3): isBanned, Moderator, Reason, Time (seconds), Username.',
    params: BotBanWriteParams,
    body: BotSetBanRequest,
    status: 200,
    answer: BotWriteAnswer,
  },
  {
    method: 'delete',
    path: '/bans/{robloxId}',
    scope: 'bans',
    summary: 'Lift the ban of a Roblox ID.',
    params: BotBanParams,
    status: 200,
    answer: BotWriteAnswer,
  },
  {
    method: 'post',
    path: '/infractions',
    scope: 'cases',
    summary: 'Add an infraction Infractions/{platform}/{subjectId}/{id} (001 §3): Moderator, Reason, Note.',
    body: BotAddInfractionRequest,
    status: 201,
    answer: BotAddInfractionAnswer,
  },
  {
    method: 'delete',
    path: '/infractions/{platform}/{subjectId}/{id}',
    scope: 'cases',
    summary: 'Remove an infraction.',
    params: BotInfractionParams,
    status: 200,
    answer: BotWriteAnswer,
  },
  {
    method: 'post',
    path: '/cases',
    scope: 'cases',
    summary:
      'Open a case: an infraction (001 §3) with a number, a type (note, warn, mute, kick, ban, unban), an optional expiry and a hidden flag. A ban case on Roblox writes the ban and lifts it when it expires; an unban case lifts it.',
    body: CreateCaseRequest,
    status: 201,
    answer: CaseAnswer,
  },
  {
    method: 'patch',
    path: '/cases/{number}',
    scope: 'cases',
    summary: 'Amend a case (type, Moderator, Reason, expiresAt, hidden); the text before stays in the history.',
    params: CaseParams,
    body: AmendCaseRequest,
    status: 200,
    answer: CaseAnswer,
  },
  {
    method: 'post',
    path: '/cases/{number}/expire',
    scope: 'cases',
    summary: 'End a case now; a ban case on Roblox lifts its ban.',
    params: CaseParams,
    status: 200,
    answer: CaseAnswer,
  },
  {
    method: 'post',
    path: '/cases/{number}/notes',
    scope: 'cases',
    summary: 'Add a note to a case.',
    params: CaseParams,
    body: AddCaseNoteRequest,
    status: 201,
    answer: CaseAnswer,
  },
];

// ---------------------------------------------------------------------------------------------
// Issue 14 item 1: the verification center (/bureau/verify): a member links their Roblox account.

/**
 * Where the Roblox OAuth callback sends the browser back: /bureau/verify?outcome=..., with `roblox=<id>`
 * when it is banned and `failure=<key>` when the link failed. The address carries no sentence of its
 * own: anyone can craft one, so the page shows only its own texts and what the server says (the ban's
 * reason comes from the public checker).
 */
export const VerifyOutcome = z.enum(['linked', 'unchanged', 'banned', 'pair_banned', 'claim_pending', 'cancelled', 'failed']);
export type VerifyOutcome = z.infer<typeof VerifyOutcome>;

/** Why a Roblox link failed, and what the page says for it. */
export const VERIFY_FAILURES = {
  link_expired: 'This Roblox link has expired or was not started here. Please try again.',
  code_refused: 'Roblox refused this link code. Please try again.',
  roblox_unreachable: 'Roblox could not be reached. Please try again.',
  account_unknown: 'Roblox did not tell us which account this is. Please try again.',
} as const;
export type VerifyFailure = keyof typeof VERIFY_FAILURES;
export const VerifyFailure = z.enum(Object.keys(VERIFY_FAILURES) as [VerifyFailure, ...VerifyFailure[]]);

/** What Roblox sends back to GET /bureau/verify/roblox/callback. */
export const VerifyCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** GET /bureau/api/verify/me (signed in with Discord). */
export const VerifyStatusAnswer = z.object({
  discordId: z.string(),
  robloxId: z.string().nullable(),
  robloxUsername: z.string().nullable(),
  pendingClaim: z.object({ id: z.number(), robloxId: z.string(), createdAt: z.number() }).nullable(),
  /** False when the server has no Roblox OAuth app (ROBLOX_OAUTH_CLIENT_ID). */
  canLink: z.boolean(),
});
export type VerifyStatusAnswer = z.infer<typeof VerifyStatusAnswer>;

/** A second Discord account's claim on a linked Roblox account, for staff (GET /bureau/api/verify/claims). */
export const VerifyClaim = z.object({
  id: z.number(),
  discordId: z.string(),
  robloxId: z.string(),
  /** The Discord account the Roblox account is linked to now. */
  linkedDiscordId: z.string().nullable(),
  /** The Roblox account is banned now: approving is refused (bureau.claim_banned) until the ban is lifted. */
  banned: z.boolean(),
  createdAt: z.number(),
  /**
   * The claimant's own linked Roblox account, when it is banned now (null otherwise). Approving is still
   * allowed (decision 0031): it moves the claimant off the banned account, so the checker shows them
   * clear; staff see the ban and its reason (as stored; shown written out, decision 0069) first.
   */
  claimantBan: z.object({ robloxId: z.string(), reason: z.string().nullable() }).nullable(),
});
export const VerifyClaimsAnswer = z.object({ claims: z.array(VerifyClaim) });
export type VerifyClaimsAnswer = z.infer<typeof VerifyClaimsAnswer>;
/** A claim's id is its row id (serial): held to MAX_ID, as CaseParams. */
export const VerifyClaimParams = z.object({ id: idFromText('must be a claim id') });
/**
 * POST /bureau/api/verify/claims/{id}/approve, optional body (decision 0059): the Discord account the
 * Roblox account was linked to as staff read the claim (`expectedLinkedDiscordId`, the list's `linkedDiscordId`; null: none). Approving
 * unlinks whoever holds it now: a member who linked it since would lose it unseen, so a holder other
 * than the one named is refused 409. Without a body the approval works as before.
 */
export const VerifyClaimApproveRequest = z.object({ expectedLinkedDiscordId: DiscordId.nullable() }).strict();
export type VerifyClaimApproveRequest = z.infer<typeof VerifyClaimApproveRequest>;
export const VerifyClaimDecisionAnswer = z.object({ id: z.number(), status: z.enum(['approved', 'refused']) });
export type VerifyClaimDecisionAnswer = z.infer<typeof VerifyClaimDecisionAnswer>;

/** Bureau's own error codes (001 §8 texts; decision 0017). */
export const BUREAU_ERRORS = {
  'bureau.lookup_failed': { status: 502, sentence: 'Failed to fetch user details from API: Bad Gateway' },
  'bureau.infractions_failed': { status: 503, sentence: 'Could not fetch the infractions. Please try again.' },
  'bureau.pdf_failed': { status: 503, sentence: 'Failed to generate PDF file.' },
  'bureau.roblox_link_off': { status: 503, sentence: 'Linking a Roblox account is not configured on this server.' },
  'bureau.claim_decided': { status: 409, sentence: 'This claim has already been decided.' },
  'bureau.claim_banned': {
    status: 409,
    sentence: 'This Roblox account is banned, so it cannot be linked: refuse the claim, or lift the ban first.',
  },
  'bureau.pair_banned': {
    status: 409,
    sentence: 'Your linked Roblox account is banned, so the link stays as it is. Please ask bureau staff.',
  },
} as const satisfies ErrorCatalogue;
export type BureauErrorCode = keyof typeof BUREAU_ERRORS;
