import { createHash } from 'node:crypto';
import type { LineIdentity } from './line-id-token';

/** Mini-app sessions alive at once in one process; an entry is a few hundred bytes, so a few MB at most. */
const DEFAULT_CAPACITY = 10_000;

interface VerifiedToken {
  identity: LineIdentity;
  /** The token's own `exp`, in epoch milliseconds. */
  expiresAt: number;
}

/**
 * Issue 17 item 4: the LINE ID tokens this process has verified, so a mini-app session (one token,
 * many calls) costs one call to LINE's verify endpoint. Keyed by the token's SHA-256, so the tokens
 * themselves are not held; an entry serves only while the injected clock is before the token's `exp`.
 * Only verified tokens are stored: a refusal or a LINE failure is asked again next time. The Map's
 * insertion order is the LRU order (a hit moves its entry to the end; past `capacity` the first goes),
 * so a flood of distinct tokens cannot grow memory. Per process (decision 0014).
 */
export class LineTokenCache {
  private readonly entries = new Map<string, VerifiedToken>();
  private readonly capacity: number;

  constructor(capacity = DEFAULT_CAPACITY) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The identity of a token verified before, while `now` is before its expiry; an expired entry is dropped. */
  get(idToken: string, now: number): LineIdentity | undefined {
    const key = digest(idToken);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.entries.set(key, entry);
    return entry.identity;
  }

  /** Remembers a token LINE verified, until `expiresAt`, dropping the least recently used past capacity. */
  set(idToken: string, identity: LineIdentity, expiresAt: number): void {
    const key = digest(idToken);
    this.entries.delete(key);
    this.entries.set(key, { identity, expiresAt });
    const oldest = this.entries.keys().next();
    if (this.entries.size > this.capacity && !oldest.done) this.entries.delete(oldest.value);
  }
}

function digest(idToken: string): string {
  return createHash('sha256').update(idToken).digest('base64url');
}
