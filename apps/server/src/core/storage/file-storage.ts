import type { Readable } from 'node:stream';

/**
 * ARCHITECTURE.md §2 core/storage: where uploaded files' bytes live. Local disk is the default; an
 * S3-compatible store (s3-storage.ts) implements the same calls when several server processes share
 * a PostgreSQL database (ARCHITECTURE.md §5, issue 12 item 2). Keys are chosen by the server, never by
 * the uploader. Bytes stream both ways: no driver holds a whole file in memory (decision 0024).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `data` to `key` and answers how many bytes were stored. If `data` fails (an upload over
   * its limit, a client gone), the call rejects with that error and nothing is left under `key`.
   */
  put(key: string, data: Readable | Buffer, options?: { contentType?: string }): Promise<{ size: number }>;
  /** The file's bytes as a stream, or null when there is no such key. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the key; removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are server-made: lowercase words, digits, dashes and single slashes, never '..'. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.length > 200) throw new Error(`invalid storage key: ${key}`);
}
