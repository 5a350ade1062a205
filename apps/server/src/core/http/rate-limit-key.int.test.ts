import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';
import { addressLimitKey } from './rate-limit-key';

// The per-client rate limits (app.ts, @fastify/rate-limit) count an IPv6 client by its /64: every
// IPv6 client holds at least a /64, so counting each address alone let it rotate past any limit.
describe('the per-client rate limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  // A core route with a limit of its own: the sign-in (3 a minute here), which with no Discord app
  // sends the browser to the development sign-in.
  const signIn = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t!.app.inject({ url: '/auth/discord/login', remoteAddress, headers }).then((res) => res.statusCode);
  const env = { RATE_LIMIT_SIGN_IN_PER_MINUTE: '3' };

  it('count every address of one IPv6 /64 as one client, so rotating through it does not escape the limit', async () => {
    t = await buildTestApp({ discord: false, roblox: false, env });
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push(await signIn(`2001:db8:5:6::${i.toString(16)}`));
    expect(statuses).toEqual([302, 302, 302, 429, 429]);
    // Written out in full or with another interface id, it is still the same /64.
    expect(await signIn('2001:0db8:0005:0006:ffff:1234:abcd:0001')).toBe(429);
    // Another /64 is another client with a budget of its own.
    expect(await signIn('2001:db8:5:7::1')).toBe(302);
  });

  it('count an IPv4 client written as IPv6 (a dual-stack listener) as that IPv4 address, not one /64 for all of them', async () => {
    t = await buildTestApp({ discord: false, roblox: false, env });
    for (let i = 0; i < 3; i++) expect(await signIn('::ffff:198.51.100.7')).toBe(302);
    expect(await signIn('198.51.100.7')).toBe(429);
    expect(await signIn('::ffff:198.51.100.8')).toBe(302);
    expect(await signIn('198.51.100.9')).toBe(302);
  });

  it('behind a trusted proxy, count the IPv6 client the proxy names by its /64 too', async () => {
    t = await buildTestApp({ discord: false, roblox: false, env: { ...env, TRUST_PROXY: '10.0.0.2' } });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(await signIn('10.0.0.2', { 'x-forwarded-for': `2001:db8:aa:bb::${i}` }));
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect(await signIn('10.0.0.2', { 'x-forwarded-for': '2001:db8:aa:bc::1' })).toBe(302);
  });
});

describe('addressLimitKey', () => {
  it('cuts IPv6 to its /64, keeps IPv4, and reads an IPv4-mapped address as IPv4', () => {
    expect(addressLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(addressLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressLimitKey('::ffff:203.0.113.4')).toBe('203.0.113.4');
    expect(addressLimitKey('::ffff:cb00:7104')).toBe('203.0.113.4');
    expect(addressLimitKey('64:ff9b::203.0.113.4')).toBe('64:ff9b:0:0::/64');
    expect(addressLimitKey('203.0.113.4')).toBe('203.0.113.4');
    expect(addressLimitKey('')).toBe('');
  });
});
