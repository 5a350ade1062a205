import path from 'node:path';
import type { Config } from '@server/config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';

/** The configured storage: local disk under DATA_DIR/uploads (S3-compatible storage is not built yet). */
export function createFileStorage(config: Pick<Config, 'DATA_DIR'>): FileStorage {
  return new LocalDiskStorage(path.resolve(config.DATA_DIR, 'uploads'));
}
