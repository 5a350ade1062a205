import type { AppContext } from '@server/core/context';

/**
 * Demo data for the records tool: generated verified pairs (with their profiles in the lookup cache,
 * so documents show names without API credentials). The demo people themselves come from core's seed.
 */
export async function seedBureauDemo(ctx: AppContext): Promise<void> {
  const { bureauDemoPairs } = await import('@guildhall/testkit/bureau-demo');
  for (const pair of bureauDemoPairs()) {
    await ctx.lookup.remember('discord', pair.discord.id, pair.discord);
    await ctx.lookup.remember('roblox', pair.roblox.id, { ...pair.roblox, id: Number(pair.roblox.id) });
    await ctx.registry.upsertPair(pair.discord.id, pair.roblox.id);
  }
}
