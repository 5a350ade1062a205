import type { ToolId } from '@server/config';
import type { AppContext } from '../context';
import { withAdvisoryLock } from '../db/with-advisory-lock';

/** What seeding needs of a tool (a `ToolDefinition` fits): core never imports the tools (issue 11 item 1). */
export interface ToolSeed {
  id: ToolId;
  seed?(ctx: AppContext): Promise<void>;
}

/**
 * Seeds the demo community into an empty database (outside production, ARCHITECTURE.md §4). It
 * reads the same factories the tests use, and stores the demo people's Discord and Roblox profiles
 * in the lookup cache so names show even without API credentials. Then each enabled tool of `tools`
 * seeds its own demo data.
 */
export async function seedDemoData(ctx: AppContext, tools: readonly ToolSeed[]): Promise<boolean> {
  // Issue 10 item 11: instances starting together on one PostgreSQL database take turns, and the
  // "already seeded" check runs once the lock is held, so the later one finds the data and skips it.
  return withAdvisoryLock(ctx.database, 'seed-demo-data', () => seedIfEmpty(ctx, tools));
}

async function seedIfEmpty(ctx: AppContext, tools: readonly ToolSeed[]): Promise<boolean> {
  const existing = await ctx.database.db.selectFrom('registry_pairs').select('discord_id').limit(1).executeTakeFirst();
  if (existing) return false;
  const { demoPeople, demoBans, demoInfractions } = await import('@guildhall/testkit/demo-data');
  for (const person of demoPeople) {
    await ctx.lookup.remember('discord', person.discord.id, person.discord);
    for (const role of person.grants) await ctx.grants.grant(person.discord.id, role);
    if (!person.roblox) continue;
    await ctx.registry.upsertPair(person.discord.id, person.roblox.id);
    await ctx.lookup.remember('roblox', person.roblox.id, { ...person.roblox, id: Number(person.roblox.id) });
  }
  for (const ban of demoBans) await ctx.registry.setBan(ban);
  for (const infraction of demoInfractions) await ctx.registry.addInfraction(infraction);
  for (const tool of tools) if (ctx.config.enabledTools.has(tool.id)) await tool.seed?.(ctx);
  return true;
}
