import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../db/test-databases';
import { createLocalEventBus, createPostgresEventBus, type EventBus, type GuildhallEvent } from './event-bus';

describe.each(DIALECTS)('event bus on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function makeBus(database: TestDatabase, channel: string): Promise<EventBus> {
    const bus = database.pgPool ? await createPostgresEventBus(database.pgPool, channel) : createLocalEventBus();
    cleanups.push(() => bus.close());
    return bus;
  }

  it('delivers a published change to topic and wildcard subscribers, and stops after unsubscribe', async () => {
    const database = await createTestDatabase(dialect);
    cleanups.push(() => database.close());
    const bus = await makeBus(database, `ch_${database.schema ?? 'local'}`);
    const seen: GuildhallEvent[] = [];
    const all: GuildhallEvent[] = [];
    const stop = bus.subscribe('registry', (e) => seen.push(e));
    bus.subscribe('*', (e) => all.push(e));
    await bus.publish('registry', { kind: 'pair.upserted', discordId: '1' });
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toEqual({ topic: 'registry', payload: { kind: 'pair.upserted', discordId: '1' } });
    stop();
    await bus.publish('registry', { kind: 'pair.deleted', discordId: '1' });
    await expect.poll(() => all.length).toBe(2);
    expect(seen).toHaveLength(1);
  });

  it.runIf(dialect === 'postgres')('carries a change from one process-like bus to another', async () => {
    const a = await createTestDatabase(dialect);
    cleanups.push(() => a.close());
    const channel = `ch_${a.schema}`;
    const publisher = await makeBus(a, channel);
    const b = await createTestDatabase(dialect);
    cleanups.push(() => b.close());
    const receiver = await makeBus(b, channel);
    const heard: unknown[] = [];
    receiver.subscribe('registry', (e) => heard.push(e.payload));
    await publisher.publish('registry', { n: 1 });
    await expect.poll(() => heard).toEqual([{ n: 1 }]);
  });
});
