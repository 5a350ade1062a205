/**
 * Decision 0040: whether an answer that is not refused carries @fastify/rate-limit's counts. The app
 * turns them off for every route (the 429 keeps them, with Retry-After); the bot API turns them back
 * on for its routes, since a bot paces itself by them.
 */
export const rateLimitCountsOnSuccess = (on: boolean) => ({
  'x-ratelimit-limit': on,
  'x-ratelimit-remaining': on,
  'x-ratelimit-reset': on,
});
