import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../db/test-databases';
import { createLocalEventBus, createPostgresEventBus, type EventBus, type EventBusLog, type GuildhallEvent } from './event-bus';

describe.each(DIALECTS)('event bus on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function makeBus(database: TestDatabase, channel: string, log?: EventBusLog): Promise<EventBus> {
    const bus = database.pgPool ? await createPostgresEventBus(database.pgPool, channel, { log }) : createLocalEventBus();
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

  // Issue 10 item 12: pg_terminate_backend on the LISTEN connection used to crash the process with an
  // unhandled 'error' event (57P01); vitest fails a run on such an error.
  it.runIf(dialect === 'postgres')(
    'survives losing its LISTEN connection: logs it, listens again and tells subscribers to resync',
    async () => {
      const database = await createTestDatabase(dialect);
      cleanups.push(() => database.close());
      const channel = `ch_${database.schema}`;
      const logged: Array<{ level: string; details: object; message: string }> = [];
      const log: EventBusLog = {
        info: (details, message) => logged.push({ level: 'info', details, message }),
        warn: (details, message) => logged.push({ level: 'warn', details, message }),
      };
      const bus = await makeBus(database, channel, log);
      const heard: unknown[] = [];
      let resyncs = 0;
      bus.subscribe('registry', (e) => heard.push(e.payload));
      bus.onResync(() => (resyncs += 1));

      const listeners = () =>
        database.pgPool!.query<{ pid: number }>('select pid from pg_stat_activity where query = $1 and pid <> pg_backend_pid()', [
          `LISTEN ${channel}`,
        ]);
      const [listener] = (await listeners()).rows;
      expect(listener).toBeDefined();
      await database.pgPool!.query('select pg_terminate_backend($1)', [listener!.pid]);

      await expect.poll(() => resyncs, { timeout: 5_000 }).toBe(1);
      expect(logged.find((l) => l.level === 'warn')).toMatchObject({
        message: expect.stringMatching(/LISTEN connection was lost/),
        details: { err: { code: '57P01' } },
      });
      expect(logged.some((l) => l.level === 'info' && /listening again/.test(l.message))).toBe(true);
      // A new connection listens, and a change published now reaches the subscriber.
      const [again] = (await listeners()).rows;
      expect(again!.pid).not.toBe(listener!.pid);
      await bus.publish('registry', { after: 'reconnect' });
      await expect.poll(() => heard).toEqual([{ after: 'reconnect' }]);
    },
  );
});
