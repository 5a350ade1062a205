import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { createTestDatabase, DIALECTS, TEST_DATABASE_URL, type TestDatabase } from '../db/test-databases';
import { startTcpProxy } from '../../test-support/tcp-proxy';
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

  // Decision 0049: a LISTEN connection gone silent (no answer, no reset) used to leave its process deaf
  // to every other process's changes, with nothing in the log, until it restarted.
  it.runIf(dialect === 'postgres')('finds a LISTEN connection gone silent, listens again and resyncs', async () => {
    const other = await createTestDatabase(dialect);
    cleanups.push(() => other.close());
    const channel = `ch_${other.schema}`;
    const publisher = await makeBus(other, channel);

    // The listening process reaches PostgreSQL through a proxy the test can silence.
    const proxy = await startTcpProxy(TEST_DATABASE_URL);
    cleanups.push(() => proxy.close());
    const warnings: string[] = [];
    const database = openDatabase({
      databaseUrl: proxy.url,
      pgPoolSize: 2,
      pgLivenessCheckMs: 200,
      pgLog: { warn: (_details, message) => warnings.push(message) },
    });
    cleanups.push(() => database.close());
    const logged: string[] = [];
    const log: EventBusLog = { info: (_d, message) => logged.push(message), warn: (_d, message) => logged.push(message) };
    const listener = await createPostgresEventBus(database.pgPool!, channel, { log, pingIntervalMs: 200, firstRetryDelayMs: 50 });
    cleanups.push(() => listener.close());
    const heard: unknown[] = [];
    let resyncs = 0;
    listener.subscribe('registry', (e) => heard.push(e.payload));
    listener.onResync(() => (resyncs += 1));

    // Only the connections open now go silent; a new one gets through.
    proxy.freeze();
    await publisher.publish('registry', { n: 'lost' });
    await expect.poll(() => resyncs, { timeout: 15_000 }).toBe(1);
    expect(warnings).toContain('database: a PostgreSQL connection stopped answering; closed it');
    expect(logged).toContain('event bus: the LISTEN connection was lost; reconnecting');
    // The change sent while it was deaf is not replayed (the resync covers it); the next one is heard.
    await publisher.publish('registry', { n: 'after' });
    await expect.poll(() => heard, { timeout: 10_000 }).toEqual([{ n: 'after' }]);
  });

  // Decision 0047: a change the bus could not carry is in the database all the same, so every process
  // reads afresh: the one that made it too, since it delivers what it hears.
  it('tells every subscriber to resync when a change could not be carried', async () => {
    const database = await createTestDatabase(dialect);
    cleanups.push(() => database.close());
    const publisher = await makeBus(database, `ch_${database.schema ?? 'local'}`);
    let resyncs = 0;
    publisher.onResync(() => (resyncs += 1));
    const heard: unknown[] = [];
    publisher.subscribe('registry', (e) => heard.push(e.payload));
    if (dialect === 'sqlite') {
      // In one process the bus fails only when a listener throws, and the listeners after it miss the change.
      publisher.subscribe('*', () => {
        throw new Error('a broken live view');
      });
      await expect(publisher.publish('registry', { n: 1 })).rejects.toThrow('a broken live view');
      expect(resyncs).toBe(1);
      return;
    }
    // Another process, on its own connection.
    const other = await createTestDatabase(dialect);
    cleanups.push(() => other.close());
    const receiver = await makeBus(other, `ch_${database.schema}`);
    let otherResyncs = 0;
    receiver.onResync(() => (otherResyncs += 1));
    // PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more.
    await expect(publisher.publish('registry', { reason: 'x'.repeat(9_000) })).rejects.toThrow(/payload string too long/);
    await expect.poll(() => [resyncs, otherResyncs]).toEqual([1, 1]);
    expect(heard).toEqual([]);
  });

  // What arrives on LISTEN is handled inside pg's socket handler, where a throw would end the process
  // (vitest fails a run on an uncaught error).
  it.runIf(dialect === 'postgres')('ignores a payload that is no change, and resyncs when a listener throws', async () => {
    const database = await createTestDatabase(dialect);
    cleanups.push(() => database.close());
    const channel = `ch_${database.schema}`;
    const bus = await makeBus(database, channel);
    const heard: unknown[] = [];
    let resyncs = 0;
    bus.subscribe('registry', (e) => heard.push(e.payload));
    bus.subscribe('registry', () => {
      throw new Error('a broken live view');
    });
    bus.onResync(() => (resyncs += 1));
    for (const payload of ['null', '{"topic":1}', '[]']) await database.pgPool!.query('select pg_notify($1, $2)', [channel, payload]);
    await bus.publish('registry', { n: 1 });
    await expect.poll(() => resyncs).toBe(1);
    expect(heard).toEqual([{ n: 1 }]);
  });

  it.runIf(dialect === 'postgres')('asks for the resync again, with backoff, until the database takes it', async () => {
    const other = await createTestDatabase(dialect);
    cleanups.push(() => other.close());
    const channel = `ch_${other.schema}`;
    const receiver = await makeBus(other, channel);
    let resyncs = 0;
    receiver.onResync(() => (resyncs += 1));

    // The publishing process reaches PostgreSQL through a proxy the test can cut.
    const proxy = await startTcpProxy(TEST_DATABASE_URL);
    cleanups.push(() => proxy.close());
    const pool = new pg.Pool({ connectionString: proxy.url, max: 2 });
    pool.on('error', () => undefined);
    cleanups.push(() => pool.end());
    const logged: string[] = [];
    const log: EventBusLog = { info: (_d, message) => logged.push(message), warn: (_d, message) => logged.push(message) };
    const publisher = await createPostgresEventBus(pool, channel, { log, firstRetryDelayMs: 50, maxRetryDelayMs: 200 });
    cleanups.push(() => publisher.close());

    proxy.cut();
    await expect(publisher.publish('registry', { n: 1 })).rejects.toThrow();
    await expect.poll(() => logged.filter((m) => /could not ask for a resync/.test(m)).length).toBeGreaterThanOrEqual(2);
    expect(resyncs).toBe(0);
    proxy.restore();
    await expect.poll(() => resyncs, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    // The publisher hears PostgreSQL's answer through the proxy, after the receiver heard the NOTIFY.
    await expect.poll(() => logged).toContain('event bus: a change was not carried; every process resyncs');
  });
});
