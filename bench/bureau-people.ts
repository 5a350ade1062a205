import { demoInfractions, demoPerson } from '@guildhall/testkit/demo-data';
import { GrantStore } from '../apps/server/src/core/auth/grant-store';
import { SESSION_COOKIE, SessionStore } from '../apps/server/src/core/auth/session-store';
import { openDatabase } from '../apps/server/src/core/db/database';
import { createLocalEventBus } from '../apps/server/src/core/events/event-bus';
import { ProfileLookup } from '../apps/server/src/core/lookup/profile-lookup';
import { RegistryRepository } from '../apps/server/src/core/registry/registry-repository';

/**
 * The demo people whose records the bureau benches print (thai, banned, staff): their pairs, their
 * profiles in a warm lookup cache (the external APIs point nowhere), the demo infractions, and a
 * bureau-staff session, on SQLite or PostgreSQL. Returns the session's cookie and the record to print.
 */
export async function seedBureauPeople(
  database: { sqliteFile: string } | { databaseUrl: string },
): Promise<{ cookie: string; recordDiscordId: string }> {
  const handle = openDatabase(database);
  const registry = new RegistryRepository(handle.db, createLocalEventBus());
  const lookup = new ProfileLookup(handle.db, {
    discordBaseUrl: 'http://127.0.0.1:9',
    discordBotToken: 'x',
    robloxBaseUrl: 'http://127.0.0.1:9',
    cacheSeconds: 1e6,
    timeoutMs: 100,
  });
  for (const key of ['thai', 'banned', 'staff'] as const) {
    const person = demoPerson(key);
    await registry.upsertPair(person.discord.id, person.roblox!.id);
    await lookup.remember('discord', person.discord.id, person.discord);
    await lookup.remember('roblox', person.roblox!.id, { ...person.roblox, id: Number(person.roblox!.id) });
  }
  for (const infraction of demoInfractions) await registry.addInfraction(infraction);
  const staff = demoPerson('staff');
  await new GrantStore(handle.db, createLocalEventBus()).grant(staff.discord.id, 'bureau-staff');
  const { token } = await new SessionStore(handle.db, createLocalEventBus(), 86_400_000).create({
    kind: 'discord',
    subject: staff.discord.id,
    displayName: 'bench',
    avatar: null,
  });
  await handle.close();
  return { cookie: `${SESSION_COOKIE}=${token}`, recordDiscordId: demoPerson('thai').discord.id };
}
