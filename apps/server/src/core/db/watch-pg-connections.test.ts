import { describe, expect, it } from 'vitest';
import { meansUnreachable } from './watch-pg-connections';

// Decision 0049: only a check that fails for want of the server closes the connections it checked.
describe('meansUnreachable', () => {
  it('is true for timeouts, refusals and resets of the check itself', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']) {
      expect(meansUnreachable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    expect(meansUnreachable(new Error('timeout expired'))).toBe(true);
    expect(meansUnreachable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(meansUnreachable(new Error('Query read timeout'))).toBe(true);
  });

  it('is false for a refusal of the server its own, a fault of this process, or anything else', () => {
    // Too many connections, a bad password: the server is there.
    expect(meansUnreachable(Object.assign(new Error('too many connections'), { code: '53300' }))).toBe(false);
    expect(meansUnreachable(Object.assign(new Error('password authentication failed'), { code: '28P01' }))).toBe(false);
    // Out of file descriptors, a DNS hiccup: nothing is known of the server.
    expect(meansUnreachable(Object.assign(new Error('x'), { code: 'EMFILE' }))).toBe(false);
    expect(meansUnreachable(Object.assign(new Error('x'), { code: 'EAI_AGAIN' }))).toBe(false);
    expect(meansUnreachable(new TypeError('undefined is not a function'))).toBe(false);
    expect(meansUnreachable(null)).toBe(false);
  });
});
