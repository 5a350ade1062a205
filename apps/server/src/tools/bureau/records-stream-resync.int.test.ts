import { afterEach, describe, expect, it } from 'vitest';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { makeDiscordUser } from '@guildhall/testkit/factories';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { readEventStream } from '@server/test-support/read-event-stream';

// Issue 10 item 12: when the PostgreSQL LISTEN connection is lost, changes made before it is back
// are never heard, so an open records list must be told to reload (the page refetches on 'reload').
describe('the records event stream on postgres', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('sends a reload after the event bus reconnects, then carries changes again', async () => {
    t = await buildTestApp({ dialect: 'postgres', roblox: false, env: { ENABLED_TOOLS: 'bureau' } });
    await t.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    const cookie = await t.signInAs('staff');
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    try {
      const response = await fetch(`${address}/bureau/api/records/events`, { headers: { cookie }, signal: controller.signal });
      expect(response.status).toBe(200);
      const stream = readEventStream(response);
      await stream.waitFor(': connected');

      const pool = t.database.pgPool!;
      const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity where query = $1 and pid <> pg_backend_pid()', [
        `LISTEN ch_${t.database.schema}`,
      ]);
      expect(rows).toHaveLength(1);
      await pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await stream.waitFor('event: change\ndata: {"kind":"reload"}\n\n');

      const discordId = makeDiscordUser().id;
      await t.ctx.registry.upsertPair(discordId, '2718281');
      await stream.waitFor(`data: {"kind":"pair.upserted","discordId":"${discordId}","robloxId":"2718281"}`);
    } finally {
      controller.abort();
    }
  });
});
