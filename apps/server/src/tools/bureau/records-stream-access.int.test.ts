import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { makeDiscordUser } from '@guildhall/testkit/factories';
import { revokeCommand } from '@server/cli/revoke';
import { GrantStore } from '@server/core/auth/grant-store';
import { ACCESS_RECHECK_MS } from '@server/core/auth/watch-access';
import { DIALECTS } from '@server/core/db/test-databases';
import { createLocalEventBus } from '@server/core/events/event-bus';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

const staff = demoPerson('staff');
const quiet = { out: () => undefined, err: () => undefined };

// Issue 10 item 3: an open records stream was allowed once, when it started; it must end as soon as
// its session ends or its bureau-staff grant goes, like every REST call after that would be refused.
describe.each(DIALECTS)('the records event stream and its access on %s', (dialect) => {
  let t: TestApp;
  let address: string;
  const controllers: AbortController[] = [];

  beforeEach(async () => {
    t = await buildTestApp({ dialect, roblox: false, env: { ENABLED_TOOLS: 'bureau', SESSION_TTL_HOURS: '1' } });
    await t.ctx.grants.grant(staff.discord.id, 'bureau-staff');
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const controller of controllers.splice(0)) controller.abort();
    await t?.close();
  });

  /**
   * Waits until `check` passes. Not vi.waitFor: under fake timers that moves the fake clock on each
   * try, and the re-check interval must move only when a test says so.
   */
  async function until(check: () => void): Promise<void> {
    for (let tries = 0; ; tries++) {
      try {
        return check();
      } catch (error) {
        if (tries > 250) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  /** Opens the stream as `cookie`; `ended` settles when the server ends it. */
  async function openStream(cookie: string) {
    const controller = new AbortController();
    controllers.push(controller);
    const response = await fetch(`${address}/bureau/api/records/events`, { headers: { cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const stream = { text: '', open: true };
    const ended = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        stream.text += new TextDecoder().decode(value);
      }
      stream.open = false;
    })().catch(() => undefined); // aborted by afterEach
    await until(() => expect(stream.text).toContain(': connected'));
    return { stream, ended };
  }

  /** A pair change every open staff stream should carry: proof that a stream is still live. */
  async function changeAPair(): Promise<string> {
    const discordId = makeDiscordUser().id;
    await t.ctx.registry.upsertPair(discordId, '2718281');
    return `"discordId":"${discordId}"`;
  }

  it('ends when its session logs out, and the reconnect is refused; other sessions stream on', async () => {
    const cookie = await t.signInAs('staff');
    const other = await openStream(await t.signInAs('staff'));
    const { stream, ended } = await openStream(cookie);
    expect((await t.request({ method: 'POST', url: '/auth/logout', cookie })).statusCode).toBe(302);
    await ended;
    expect(stream.open).toBe(false);
    expect((await fetch(`${address}/bureau/api/records/events`, { headers: { cookie } })).status).toBe(401);

    const change = await changeAPair();
    await until(() => expect(other.stream.text).toContain(change));
    expect(other.stream.open).toBe(true);
  });

  it('ends when the grant is revoked with `cli revoke`; a grant change for someone else leaves it open', async () => {
    const { stream, ended } = await openStream(await t.signInAs('staff'));
    const member = demoPerson('member').discord.id;
    await t.ctx.grants.grant(member, 'bureau-staff');
    await t.ctx.grants.revoke(member, 'bureau-staff');
    const change = await changeAPair();
    await until(() => expect(stream.text).toContain(change));
    expect(stream.open).toBe(true);

    expect(await revokeCommand.run(t.ctx, [staff.discord.id, 'bureau-staff'], quiet)).toBe(0);
    await ended;
    expect(stream.open).toBe(false);
  });

  it('ends when its session expires, and within one re-check of a revoke no event told this process about', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const expiring = await openStream(await t.signInAs('staff'));
    t.clock.advance(3_600_000);
    vi.advanceTimersByTime(ACCESS_RECHECK_MS);
    await expiring.ended;

    const revoked = await openStream(await t.signInAs('staff'));
    // Another process on SQLite (the CLI) shares the database but not this process's event bus.
    await new GrantStore(t.database.db, createLocalEventBus()).revoke(staff.discord.id, 'bureau-staff');
    vi.advanceTimersByTime(ACCESS_RECHECK_MS - 1);
    const change = await changeAPair();
    await until(() => expect(revoked.stream.text).toContain(change));
    expect(revoked.stream.open).toBe(true);
    vi.advanceTimersByTime(1);
    await revoked.ended;
    expect(revoked.stream.open).toBe(false);
  });
});
