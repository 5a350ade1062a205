import { afterEach, describe, expect, it } from 'vitest';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { type DbHandle, openDatabase } from './core/db/database';
import { readEventStream } from './test-support/read-event-stream';
import { type TestApp, buildTestApp } from './test-support/build-test-app';

// Issue 12 item 4: /readyz tells a load balancer whether to send this process traffic; /healthz stays
// liveness (the process answers).
describe('/readyz', () => {
  let t: TestApp | undefined;
  let database: DbHandle | undefined;
  afterEach(async () => {
    await t?.close();
    await database?.close();
    t = undefined;
    database = undefined;
  });

  it('answers 200 when ready, and 503 once draining began while /healthz stays 200', async () => {
    t = await buildTestApp({ discord: false, roblox: false, env: { ENABLED_TOOLS: 'bureau' } });
    const ready = await t.request({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    t.ctx.readiness.drain();
    const draining = await t.request({ url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ error: 'This server is shutting down.', code: 'draining' });
    expect(draining.headers['retry-after']).toBe('1');
    expect((await t.request({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers 503 when the database is down', async () => {
    // Nothing listens on port 1: every connection attempt is refused (as in database-outage.int.test.ts).
    database = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/test', pgPoolSize: 1 });
    t = await buildTestApp({ database, discord: false, roblox: false, env: { ENABLED_TOOLS: 'bureau' } });
    const res = await t.request({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'The database is not available right now. Please try again shortly.',
      code: 'database_unavailable',
    });
  });

  it('tells an open records event stream to reconnect elsewhere when draining starts, and ends it', async () => {
    t = await buildTestApp({ env: { ENABLED_TOOLS: 'bureau' } });
    await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    const cookie = await t.signInAs('staff');
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/bureau/api/records/events`, { headers: { cookie } });
    const stream = readEventStream(response);
    await stream.waitFor(': connected');
    t.ctx.readiness.drain();
    await stream.waitFor('event: reconnect');
    await expect(stream.waitFor('never sent')).rejects.toThrow('stream ended');
  });
});
