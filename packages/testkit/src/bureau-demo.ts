import { makeDiscordUser, makeRobloxUser, type DiscordUserRecord, type RobloxUserRecord } from './factories';

// Extra verified pairs for the bureau records list, so the demo shows paging and search (001 §2
// Records tool) beyond the handful of demo people. Built from the same factories as test data.

export interface BureauDemoPair {
  discord: DiscordUserRecord;
  roblox: RobloxUserRecord;
}

export function bureauDemoPairs(count = 120): BureauDemoPair[] {
  return Array.from({ length: count }, () => ({ discord: makeDiscordUser(), roblox: makeRobloxUser() }));
}
