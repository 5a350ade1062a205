import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

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
