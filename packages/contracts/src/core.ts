import { z } from 'zod';

/** ARCHITECTURE.md §6: every failure answers this shape. */
export const ErrorAnswer = z.object({ error: z.string() });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** A further page of a tool, e.g. a staff view beside a public one. */
export const ToolLink = z.object({ label: z.string(), path: z.string() });

export const ToolSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  path: z.string(),
  links: z.array(ToolLink),
});
export const ToolsAnswer = z.object({ tools: z.array(ToolSummary) });
export type ToolsAnswer = z.infer<typeof ToolsAnswer>;

/**
 * Discord snowflakes and Roblox user ids: decimal digits, kept as strings (001 §3). The message states
 * the whole rule, length included: '999' is digits only and still refused (issue 10 item 15).
 */
export const DiscordId = z.string().trim().regex(/^\d{5,25}$/, 'must be a Discord ID: 5 to 25 digits');
export const RobloxId = z.string().trim().regex(/^\d{1,20}$/, 'must be a Roblox ID: 1 to 20 digits');

export const SessionIdentity = z.object({
  kind: z.enum(['discord', 'line', 'school']),
  subject: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  grants: z.array(z.string()),
});
export const MeAnswer = z.object({ identity: SessionIdentity.nullable(), devSignIn: z.boolean() });
export type MeAnswer = z.infer<typeof MeAnswer>;

export const DevIdentity = z.object({ id: z.string(), label: z.string(), description: z.string() });
export const DevSignInRequest = z.object({
  identity: z.string().min(1).max(100),
  returnTo: z.string().max(500).optional(),
});

/** 002 §7 POST /api/login: both fields required (002 §5). */
export const SchoolLoginRequest = z.object({
  student_id: z.string().trim().min(1, 'Student ID is required.').max(32),
  password: z.string().min(1, 'Password is required.').max(256),
});
export type SchoolLoginRequest = z.infer<typeof SchoolLoginRequest>;

/** 002 §3 Login response: token, role, userId, studentId, email. */
export const SchoolLoginAnswer = z.object({
  token: z.string(),
  role: z.enum(['student', 'developer', 'sports_lead']),
  userId: z.number().int(),
  studentId: z.string(),
  email: z.string().nullable(),
});
export type SchoolLoginAnswer = z.infer<typeof SchoolLoginAnswer>;
