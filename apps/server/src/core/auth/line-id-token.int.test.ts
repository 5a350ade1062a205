import { type FakeLine, createFakeApp, listenOnLoopback, startFakeLine } from '@guildhall/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error';
import { verifyLineIdToken } from './line-id-token';

describe('verifyLineIdToken against the fake LINE verify endpoint', () => {
  let line: FakeLine;
  beforeAll(async () => {
    line = await startFakeLine();
  });
  afterAll(async () => {
    await line.close();
  });
  const options = () => ({ baseUrl: line.url, channelId: line.channelId, timeoutMs: 2000 });

  it('answers the verified user', async () => {
    await expect(verifyLineIdToken(options(), line.issueIdToken({ sub: 'Uabc', name: 'Nok' }))).resolves.toEqual({
      userId: 'Uabc',
      name: 'Nok',
    });
    expect(line.calls).toContain('POST /oauth2/v2.1/verify');
  });

  it.each([
    ['empty', () => ''],
    ['garbage', () => 'abc.def'],
    ['expired', () => line.issueIdToken({ sub: 'Uabc', expiresIn: -1 })],
    ['forged', () => line.forgeIdToken({ sub: 'Uabc' })],
    ['another channel', () => line.issueIdToken({ sub: 'Uabc', aud: '1111111111' })],
    ['too long', () => 'x'.repeat(5000)],
  ])('refuses a %s token with 401', async (_name, token) => {
    await expect(verifyLineIdToken(options(), token())).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('answers 502 when LINE is down or unreachable', async () => {
    line.faults.fail(/verify/, 503);
    await expect(verifyLineIdToken(options(), line.issueIdToken({ sub: 'Uabc' }))).rejects.toMatchObject({ code: 'upstream_failed' });
    await expect(verifyLineIdToken({ ...options(), baseUrl: 'http://127.0.0.1:9' }, 'a.b.c')).rejects.toBeInstanceOf(DomainError);
  });

  it('re-checks the claims, so an endpoint answering for another channel or issuer is not trusted', async () => {
    const { app: liar } = createFakeApp();
    const now = Math.floor(Date.now() / 1000);
    let claims: Record<string, unknown> = {};
    liar.post('/oauth2/v2.1/verify', async () => claims);
    const url = await listenOnLoopback(liar);
    try {
      claims = { iss: 'https://access.line.me', sub: 'Uabc', aud: '1111111111', exp: now + 60 };
      await expect(verifyLineIdToken({ baseUrl: url, channelId: '2000000000', timeoutMs: 2000 }, 'a.b.c')).rejects.toMatchObject({
        code: 'unauthenticated',
      });
      claims = { iss: 'https://evil.example', sub: 'Uabc', aud: '2000000000', exp: now + 60 };
      await expect(verifyLineIdToken({ baseUrl: url, channelId: '2000000000', timeoutMs: 2000 }, 'a.b.c')).rejects.toMatchObject({
        code: 'unauthenticated',
      });
      claims = { iss: 'https://access.line.me', sub: 'Uabc', aud: '2000000000', exp: now - 1 };
      await expect(verifyLineIdToken({ baseUrl: url, channelId: '2000000000', timeoutMs: 2000 }, 'a.b.c')).rejects.toMatchObject({
        code: 'unauthenticated',
      });
      claims = { unexpected: true };
      await expect(verifyLineIdToken({ baseUrl: url, channelId: '2000000000', timeoutMs: 2000 }, 'a.b.c')).rejects.toMatchObject({
        code: 'upstream_failed',
      });
    } finally {
      await liar.close();
    }
  });
});
