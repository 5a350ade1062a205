import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from './core/db/test-databases';
import { buildTestApp, type TestApp } from './test-support/build-test-app';

// Issue 12 item 1: the rate limits with several processes (Redis) and behind proxies (TRUST_PROXY).
const REDIS_URL = 'redis://127.0.0.1:6379';
const checker = '/bureau/api/check-status?type=discord&id=123456';

/** A key prefix of the test's own, and a way to remove its keys afterwards. */
async function redisPrefix(): Promise<{ prefix: string; clean: () => Promise<void> }> {
  const prefix = `gh-test:${crypto.randomUUID()}:`;
  return {
    prefix,
    clean: async () => {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

describe.each(DIALECTS)('shared rate limits on %s', (dialect) => {
  const apps: TestApp[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const build = async (env: Record<string, string>) => {
    const t = await buildTestApp({ dialect, env: { ENABLED_TOOLS: 'bureau', RATE_LIMIT_PUBLIC_PER_MINUTE: '4', ...env } });
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    for (const clean of cleanups.splice(0)) await clean();
  });

  it('with REDIS_URL, two instances share one limit: requests split across both get 429 at the configured total', async () => {
    const { prefix, clean } = await redisPrefix();
    cleanups.push(clean);
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
    const [a, b] = [await build(env), await build(env)];
    const remoteAddress = '203.0.113.20';
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? b : a).app.inject({ url: checker, remoteAddress })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const limited = await a.app.inject({ url: checker, remoteAddress });
    expect(limited.json()).toEqual({ error: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('without REDIS_URL each process counts in memory, as before', async () => {
    const [a, b] = [await build({}), await build({})];
    const remoteAddress = '203.0.113.21';
    for (let i = 0; i < 4; i++) expect((await a.app.inject({ url: checker, remoteAddress })).statusCode).toBe(200);
    expect((await a.app.inject({ url: checker, remoteAddress })).statusCode).toBe(429);
    expect((await b.app.inject({ url: checker, remoteAddress })).statusCode).toBe(200);
  });

  it('keeps answering when Redis is down: the limits let requests through (skipOnError)', async () => {
    const t = await build({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: 'gh-test-down:' });
    for (let i = 0; i < 6; i++) expect((await t.app.inject({ url: checker, remoteAddress: '203.0.113.22' })).statusCode).toBe(200);
  });

  it('with TRUST_PROXY naming the proxy the client is the address it appended: rotating X-Forwarded-For does not escape the limit', async () => {
    const t = await build({ TRUST_PROXY: '10.0.0.2' });
    const viaProxy = (i: number) =>
      // The proxy (10.0.0.2) appends the address it saw (198.51.100.9) to whatever the client sent.
      t.app.inject({ url: checker, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `192.0.2.${i}, 198.51.100.9` } });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await viaProxy(i)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another client behind the same proxy has a budget of its own.
    const other = await t.app.inject({ url: checker, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '198.51.100.10' } });
    expect(other.statusCode).toBe(200);
  });

  it('with TRUST_PROXY unset X-Forwarded-For is ignored: the socket address is the client', async () => {
    const t = await build({});
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ url: checker, remoteAddress: '203.0.113.23', headers: { 'x-forwarded-for': `192.0.2.${i}` } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
