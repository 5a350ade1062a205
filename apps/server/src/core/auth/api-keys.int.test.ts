import { afterEach, describe, expect, it } from 'vitest';
import { createApiKeyCommand } from '@server/cli/create-api-key';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../db/test-databases';
import { buildTestApp } from '@server/test-support/build-test-app';
import { ApiKeyStore } from './api-keys';

describe.each(DIALECTS)('ApiKeyStore on %s', (dialect) => {
  let database: TestDatabase | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it('creates a key shown once, stores only its hash, verifies it by scope, and revokes it', async () => {
    database = await createTestDatabase(dialect);
    let now = 1_000_000;
    const store = new ApiKeyStore(database.db, () => now);
    const { key, info } = await store.create('Community bot', 'bureau-bot');
    expect(key).toMatch(/^gh_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.withTables<{ api_keys: Record<string, unknown> }>().selectFrom('api_keys').selectAll().execute();
    // The secret is all after `gh_<id>_`; it may hold `_` itself (base64url), so it is not the last `_` piece.
    const secret = key.slice('gh_'.length + 8 + 1);
    expect(secret).toHaveLength(43);
    expect(JSON.stringify(rows)).not.toContain(secret);
    now += 120_000;
    expect(await store.verify(key, 'bureau-bot')).toMatchObject({ id: info.id, name: 'Community bot', lastUsedAt: now });
    expect(await store.verify(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'), 'bureau-bot')).toBeNull();
    expect(await store.verify('not-a-key', 'bureau-bot')).toBeNull();
    expect(await store.revoke(info.id)).toBe(true);
    expect(await store.revoke(info.id)).toBe(false);
    expect(await store.verify(key, 'bureau-bot')).toBeNull();
    expect((await store.list())[0]).toMatchObject({ id: info.id, revokedAt: now });
  });
});

describe('create-api-key command', () => {
  it('prints a working key once and refuses bad arguments', async () => {
    const t = await buildTestApp({ discord: false, roblox: false });
    try {
      const out: string[] = [];
      const io = { out: (l: string) => out.push(l), err: () => undefined };
      expect(await createApiKeyCommand.run(t.ctx, ['Discord bot'], io)).toBe(0);
      const key = out[1]!;
      const response = await t.request({
        method: 'PUT',
        url: '/bureau/api/bot/pairs/123456789012345678',
        payload: { robloxId: '42' },
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.statusCode).toBe(200);
      await expect(createApiKeyCommand.run(t.ctx, [], io)).rejects.toThrow(/missing <name>/);
      await expect(createApiKeyCommand.run(t.ctx, ['bot', 'root'], io)).rejects.toThrow(/unknown scope "root"/);
    } finally {
      await t.close();
    }
  });
});
