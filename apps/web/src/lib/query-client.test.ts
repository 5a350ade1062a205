import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { refusalOfSession, shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it("never retries the server's considered 4xx answers", () => {
    expect(shouldRetry(0, new ApiError(400, 'bad'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'slow down'))).toBe(false);
  });

  it('retries outages and 5xx twice', () => {
    expect(shouldRetry(0, new ApiError(0, 'offline'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'down'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'down'))).toBe(false);
  });
});

describe('refusalOfSession', () => {
  it('is a refusal for the session: not signed in, or not allowed', () => {
    expect(refusalOfSession(new ApiError(401, 'Please sign in first.', 'unauthenticated'))).toBe(true);
    expect(refusalOfSession(new ApiError(403, 'You do not have permission to do that.', 'forbidden'))).toBe(true);
  });

  it('is not a wrong password, a cross-site refusal, a tool rule, or a status without our code', () => {
    expect(refusalOfSession(new ApiError(401, 'Invalid student ID or password.', 'invalid_credentials'))).toBe(false);
    expect(refusalOfSession(new ApiError(403, 'refused', 'cross_site'))).toBe(false);
    expect(refusalOfSession(new ApiError(403, 'closed', 'sports.registration_closed'))).toBe(false);
    expect(refusalOfSession(new ApiError(401, 'a proxy page'))).toBe(false);
    expect(refusalOfSession(new Error('boom'))).toBe(false);
  });
});
