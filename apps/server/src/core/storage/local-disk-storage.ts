import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileStorage, assertStorageKey } from './file-storage';

/**
 * Files on local disk under one root (DATA_DIR/uploads by default). Writes stream to a temporary file
 * first and are renamed into place, so a crash or a refused upload never leaves half a file under a
 * real key.
 */
export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local';
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    // Belt and braces: the key pattern already forbids '..', but the resolved path must stay inside root.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  }

  async put(key: string, data: Readable | Buffer): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    let size = 0;
    const out = fs.createWriteStream(temp, { flags: 'wx' });
    try {
      await pipeline(
        Buffer.isBuffer(data) ? Readable.from([data]) : data,
        async function* count(chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            yield chunk;
          }
        },
        out,
      );
      await fs.promises.rename(temp, target);
    } catch (error) {
      // The pipeline rejects at the first error, and the write stream may still be opening (creating)
      // the temporary file on another libuv thread: removed before that, the file appeared after the
      // removal and stayed (a refused upload left a .tmp behind once, on a loaded machine). Wait for
      // the stream to close first; it always does once destroyed.
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    return { size };
  }

  async open(key: string): Promise<{ stream: fs.ReadStream; size: number } | null> {
    const target = this.pathOf(key);
    try {
      const stat = await fs.promises.stat(target);
      return { stream: fs.createReadStream(target), size: stat.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
