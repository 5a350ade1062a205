import { DiscordId, RobloxId } from '@guildhall/contracts';
import { z } from 'zod';

// 001 §3: the shapes of the realtime-database export the registry is imported from. Each entry is
// parsed on its own, so one bad entry is reported and skipped instead of failing the whole file.

/** 001 §3: the Roblox id "stored as a string"; older exports sometimes hold a number, taken as its digits. */
export const ExportRobloxId = z.union([RobloxId, z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).transform(String)], {
  error: 'must be a Roblox ID (digits only)',
});

const optionalText = z
  .union([z.string(), z.number().transform(String)])
  .nullish()
  .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

/** 001 §3 and §9: ban Time is seconds since epoch; digits in a string are accepted too. */
const epochSeconds = z
  .union(
    [
      z.number().int().nonnegative(),
      z
        .string()
        .trim()
        .regex(/^\d{1,12}$/)
        .transform(Number),
      z.literal(''),
    ],
    {
      error: 'must be seconds since epoch (a whole number)',
    },
  )
  .nullish()
  .transform((v) => (v === undefined || v === null || v === '' ? null : v));

const flag = z.union(
  [
    z.boolean(),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }))
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  ],
  { error: 'must be true or false' },
);

/** 001 §3 RobloxData/{robloxId}/Ban. */
export const ExportBan = z.object({
  isBanned: flag,
  Moderator: optionalText,
  Reason: optionalText,
  Time: epochSeconds,
  Username: optionalText,
});

/** 001 §3 Infractions/{category}/{subjectId}/{id}; other fields are not shown (and not kept). */
export const ExportInfraction = z.object({
  Moderator: optionalText,
  Reason: optionalText,
  Note: optionalText,
});

export const ExportPlatform = z.enum(['Discord', 'Roblox'], { error: 'must be Discord or Roblox' });

/** 001 §3: an infraction id is an epoch-like number (it serves as the date, §9). */
export const ExportInfractionId = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/)
        .transform(Number),
    ],
    { error: 'must be a numeric id (epoch-like, 001 §9)' },
  )
  .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

export const ExportDiscordId = DiscordId;
export const ExportSubjectId = z
  .string()
  .trim()
  .regex(/^\d{1,25}$/, 'must be a Discord or Roblox ID (digits only)');

// The CSV forms (one kind per file, decided by the header row).
export const PairCsvRow = z.object({ discordId: ExportDiscordId, robloxId: ExportRobloxId });
export const BanCsvRow = ExportBan.extend({ robloxId: ExportRobloxId });
export const InfractionCsvRow = ExportInfraction.extend({ platform: ExportPlatform, subjectId: ExportSubjectId, id: ExportInfractionId });

export const CSV_HEADERS = {
  pairs: ['discordId', 'robloxId'],
  bans: ['robloxId', 'isBanned', 'Moderator', 'Reason', 'Time', 'Username'],
  infractions: ['platform', 'subjectId', 'id', 'Moderator', 'Reason', 'Note'],
} as const;
export type CsvKind = keyof typeof CSV_HEADERS;
