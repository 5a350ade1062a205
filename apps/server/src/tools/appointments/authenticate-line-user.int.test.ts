import { makeLineUser } from '@guildhall/testkit/appointments-demo';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '@server/core/db/test-databases';
import { type TestApp, buildTestApp } from '@server/test-support/build-test-app';

const alice = makeLineUser({ displayName: 'Alice' });
const bob = makeLineUser({ displayName: 'Bob' });

// Issue 17 item 4: a verified ID token is cached until its expiry, so a mini-app session costs one verification.
describe.each(DIALECTS)('LINE ID token verification per mini-app session on %s', (dialect) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await buildTestApp({
      dialect,
      discord: false,
      roblox: false,
      line: true,
      env: { ENABLED_TOOLS: 'appointments', RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const verifyCalls = () => t.line!.calls.filter((call) => call === 'POST /oauth2/v2.1/verify').length;
  const register = async (user: typeof alice, token: string) =>
    (await t.request({ method: 'POST', url: '/bureau/worker/register-user', token, payload: user })).statusCode;

  it('verifies one token once however many calls carry it', async () => {
    const token = t.signInLine(alice);
    for (let i = 0; i < 5; i += 1) expect(await register(alice, token)).toBe(200);
    expect(verifyCalls()).toBe(1);
  });

  it('cached tokens still expire: past its exp the token is refused, not served from the cache', async () => {
    const token = t.line!.issueIdToken({ sub: alice.userId, name: alice.displayName, expiresIn: 600 });
    expect(await register(alice, token)).toBe(200);
    t.clock.advance(590_000);
    expect(await register(alice, token)).toBe(200);
    expect(verifyCalls()).toBe(1);
    t.clock.advance(20_000);
    expect(await register(alice, token)).toBe(401);
    // Asked again (the fake LINE reads the wall clock, so only our claims check with the moved clock refuses).
    expect(verifyCalls()).toBe(2);
  });

  it('never caches a failed verification: the token is verified again next time', async () => {
    const token = t.signInLine(alice);
    t.line!.faults.fail(/verify/, 503);
    expect(await register(alice, token)).toBe(502);
    expect(await register(alice, token)).toBe(200);
    expect(await register(alice, token)).toBe(200);
    expect(verifyCalls()).toBe(2);

    const forged = t.line!.forgeIdToken({ sub: bob.userId });
    expect(await register(bob, forged)).toBe(401);
    expect(await register(bob, forged)).toBe(401);
    expect(verifyCalls()).toBe(4);
  });

  it('verifies two different tokens with two calls', async () => {
    const tokens = [t.signInLine(alice), t.signInLine(bob)] as const;
    for (let i = 0; i < 3; i += 1) {
      expect(await register(alice, tokens[0])).toBe(200);
      expect(await register(bob, tokens[1])).toBe(200);
    }
    expect(verifyCalls()).toBe(2);
  });
});
