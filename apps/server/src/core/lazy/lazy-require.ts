import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * Issue 17 item 6 (decision 0036): a CommonJS package that only some deployments or some requests
 * need (Chromium's driver, the S3 SDK, pg and pg-boss on SQLite, ioredis without REDIS_URL, the
 * pretty log printer) is loaded on first use instead of at start-up, where it cost up to 0.8 s each.
 * Synchronous, so constructors can call it; the type comes from an `import type` of the package.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}
