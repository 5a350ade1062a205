import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDiscordUser } from '@guildhall/testkit/factories';
import { AUTH_TOPIC } from '@server/core/auth/auth-events';
import { importRegistryExport } from '@server/core/registry/import-registry-export';
import { REGISTRY_TOPIC } from '@server/core/registry/registry-repository';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

// Decision 0042: a change that committed stands even when the bus cannot carry it. On the in-process
// bus a listener that throws reaches the publisher, as a refused NOTIFY does on PostgreSQL's (whose
// listeners run apart from publish, so this is the bus where it can be shown).
async function appLoggingWarnings(): Promise<{ t: TestApp; kept: () => Array<[string | undefined, string | undefined]> }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const t = await buildTestApp({
    dialect: 'sqlite',
    env: { ENABLED_TOOLS: 'bureau', LOG_FORMAT: 'json' },
    logger: { level: 'warn', stream },
  });
  const kept = () =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; topic?: string; change?: { kind: string } })
      .filter((w) => w.msg === 'change kept but not published')
      .map((w): [string | undefined, string | undefined] => [w.topic, w.change?.kind]);
  return { t, kept };
}

describe('grants and sessions kept but not published', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('a revoked grant and an ended session answer as done, and the log says the news did not go out', async () => {
    const app = await appLoggingWarnings();
    t = app.t;
    t.ctx.events.subscribe(AUTH_TOPIC, () => {
      throw new Error('a stream that fails');
    });
    const person = makeDiscordUser();
    await t.ctx.grants.grant(person.id, 'bureau-staff');
    const { token } = await t.ctx.sessions.create({ kind: 'discord', subject: person.id, displayName: person.username, avatar: null });

    expect(await t.ctx.grants.revoke(person.id, 'bureau-staff')).toBe(true);
    expect(await t.ctx.grants.has(person.id, 'bureau-staff')).toBe(false);
    await t.ctx.sessions.delete(token);
    expect(await t.ctx.sessions.find(token)).toBeNull();

    expect(app.kept()).toEqual([
      [AUTH_TOPIC, 'grants.changed'],
      [AUTH_TOPIC, 'grants.changed'],
      [AUTH_TOPIC, 'session.ended'],
    ]);
  });
});

// A registry write outside a transaction (the CLI's, the seed's, an import's summary) has committed
// before it is published: it must not be answered as a failure either.
describe('registry writes outside a transaction kept but not published', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('a pair, a ban and an import stand, and the log names each change that did not go out', async () => {
    const app = await appLoggingWarnings();
    t = app.t;
    t.ctx.events.subscribe(REGISTRY_TOPIC, () => {
      throw new Error('a stream that fails');
    });
    await t.ctx.registry.upsertPair('100000000000000001', '2000001');
    await t.ctx.registry.setBan({ robloxId: '2000001', isBanned: true, moderator: 'm', reason: 'r', time: 1, username: 'u' });
    const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '../registry/fixtures/registry-export.json');
    const report = await importRegistryExport({ database: t.ctx.database, registry: t.ctx.registry, now: Date.now }, fixture);

    expect(await t.ctx.registry.findPairByDiscordId('100000000000000001')).toEqual({
      discordId: '100000000000000001',
      robloxId: '2000001',
    });
    expect(await t.ctx.registry.findBan('2000001')).toMatchObject({ isBanned: true, reason: 'r' });
    expect(report.pairs).toBeGreaterThan(0);
    expect(app.kept()).toEqual([
      [REGISTRY_TOPIC, 'pair.upserted'],
      [REGISTRY_TOPIC, 'ban.set'],
      [REGISTRY_TOPIC, 'imported'],
    ]);
  });
});
