import { type FakeLine, startFakeLine } from '@guildhall/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLineIdToken } from './line-id-token';
import { LineTokenCache } from './line-token-cache';

// Issue 17 item 4: the verified-token cache is bounded, so a flood of distinct tokens cannot grow memory.
describe('LineTokenCache against the fake LINE verify endpoint', () => {
  let line: FakeLine;
  beforeAll(async () => {
    line = await startFakeLine();
  });
  afterAll(async () => {
    await line.close();
  });
  const verifyCalls = () => line.calls.filter((call) => call === 'POST /oauth2/v2.1/verify').length;

  it('holds at most its capacity, dropping the least recently used token', async () => {
    const capacity = 5;
    const cache = new LineTokenCache(capacity);
    const options = { baseUrl: line.url, channelId: line.channelId, timeoutMs: 2000, now: () => Date.now(), cache };
    const tokens = Array.from({ length: capacity + 11 }, (_, i) => line.issueIdToken({ sub: `U${i}` }));
    const verify = (i: number) => verifyLineIdToken(options, tokens[i]!);

    for (let i = 0; i < capacity + 10; i += 1) await verify(i);
    expect(cache.size).toBe(capacity);
    const calls = verifyCalls();
    await verify(10); // the oldest kept, now the most recently used
    await verify(capacity + 10); // a new token pushes out the least recently used (11), not 10
    await verify(10);
    expect(verifyCalls()).toBe(calls + 1);
    expect(cache.size).toBe(capacity);
    await verify(11);
    expect(verifyCalls()).toBe(calls + 2);
    expect(cache.size).toBe(capacity);
  });
});
