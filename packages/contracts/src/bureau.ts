import { z } from 'zod';
import { DiscordId, RobloxId } from './core';

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
