import type { Readable } from 'node:stream';

/**
 * ARCHITECTURE.md §2 core/storage: where uploaded files' bytes live. Local disk is the default; an
 * S3-compatible store implements the same four calls when several server processes share a
 * PostgreSQL database (ARCHITECTURE.md §5). Keys are chosen by the server, never by the uploader.
 */
export interface FileStorage {
  readonly kind: string;
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such key. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

/** Keys are server-made: lowercase words, digits, dashes and single slashes, never '..'. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.length > 200) throw new Error(`invalid storage key: ${key}`);
}
