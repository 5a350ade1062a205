import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDiscordUser } from '@guildhall/testkit/factories';
import { AUTH_TOPIC } from '@server/core/auth/auth-events';
import { buildTestApp, type TestApp } from '@server/test-support/build-test-app';

// Decision 0042: a change that committed stands even when the bus cannot carry it. On the in-process
// bus a listener that throws reaches the publisher, as a refused NOTIFY does on PostgreSQL's (whose
// listeners run apart from publish, so this is the bus where it can be shown).
describe('grants and sessions kept but not published', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('a revoked grant and an ended session answer as done, and the log says the news did not go out', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await buildTestApp({ dialect: 'sqlite', env: { ENABLED_TOOLS: 'bureau', LOG_FORMAT: 'json' }, logger: { level: 'warn', stream } });
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

    const warnings = lines.map((line) => JSON.parse(line) as { msg: string; topic?: string; change?: { kind: string } });
    expect(warnings.filter((w) => w.msg === 'change kept but not published').map((w) => [w.topic, w.change?.kind])).toEqual([
      [AUTH_TOPIC, 'grants.changed'],
      [AUTH_TOPIC, 'grants.changed'],
      [AUTH_TOPIC, 'session.ended'],
    ]);
  });
});
