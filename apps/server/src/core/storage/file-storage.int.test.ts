import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type FakeS3, startFakeS3 } from '@guildhall/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createFileStorage } from './create-file-storage';
import type { FileStorage } from './file-storage';

/**
 * Issue 12 item 2: one contract, both drivers. The S3 driver talks to the testkit's local S3 server
 * (s3rver) through the AWS SDK's normal HTTP path; only S3_ENDPOINT differs from production.
 */
interface Driver {
  storage: FileStorage;
  /** The keys the backend holds, to prove a failed put left nothing behind. */
  keys(): Promise<string[]>;
  /** Bytes the backend has received for puts not finished yet (a temporary file, multipart parts). */
  bytesInProgress(): Promise<number>;
  close(): Promise<void>;
}

const DRIVERS: Array<[string, () => Promise<Driver>]> = [
  [
    'local disk',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-storage-contract-'));
      const root = path.join(dataDir, 'uploads');
      return {
        storage: createFileStorage(loadConfig({ DATA_DIR: dataDir })),
        keys: async () =>
          fs.existsSync(root)
            ? (await fs.promises.readdir(root, { recursive: true, withFileTypes: true }))
                .filter((entry) => entry.isFile())
                .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
                .sort()
            : [],
        bytesInProgress: async () => {
          if (!fs.existsSync(root)) return 0;
          const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
          const temps = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.tmp'));
          const sizes = await Promise.all(
            temps.map(async (entry) => (await fs.promises.stat(path.join(entry.parentPath, entry.name))).size),
          );
          return sizes.reduce((a, b) => a + b, 0);
        },
        close: () => fs.promises.rm(dataDir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3-compatible',
    async () => {
      const s3: FakeS3 = await startFakeS3();
      return {
        storage: createFileStorage(loadConfig({ DATA_DIR: '/nonexistent', ...s3.env })),
        keys: () => s3.keys(),
        bytesInProgress: () => s3.pendingPartBytes(),
        close: () => s3.close(),
      };
    },
  ],
];

const MiB = 1024 * 1024;

/** `size` bytes of a repeatable pattern in 64 KiB pieces, produced only as they are read. */
function generated(size: number, options: { failAt?: number; onRead?: (sent: number) => void } = {}): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (options.failAt !== undefined && sent >= options.failAt) return this.destroy(new Error('the client went away'));
      if (sent >= size) return this.push(null);
      const piece = Buffer.alloc(Math.min(64 * 1024, size - sent));
      for (let i = 0; i < piece.length; i++) piece[i] = (sent + i) % 251;
      sent += piece.length;
      options.onRead?.(sent);
      this.push(piece);
    },
  });
}

async function digest(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const piece of stream) {
    hash.update(piece as Buffer);
    size += (piece as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

describe.each(DRIVERS)('FileStorage contract on %s', (_name, start) => {
  let driver: Driver;
  beforeEach(async () => {
    driver = await start();
  });
  afterEach(async () => {
    await driver?.close();
  });

  it('stores a stream, reads it back with its size, and deletes it', async () => {
    const { storage } = driver;
    expect(await storage.put('recruitment/abc-123', Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toEqual({ size: 11 });
    const opened = await storage.open('recruitment/abc-123');
    expect(opened?.size).toBe(11);
    expect((await digest(opened!.stream)).size).toBe(11);
    expect(await driver.keys()).toEqual(['recruitment/abc-123']);
    await storage.delete('recruitment/abc-123');
    expect(await storage.open('recruitment/abc-123')).toBeNull();
    expect(await driver.keys()).toEqual([]);
  });

  it('takes a Buffer as well (the demo seed)', async () => {
    await driver.storage.put('recruitment/seed', Buffer.from('demo cv'));
    const opened = await driver.storage.open('recruitment/seed');
    let text = '';
    for await (const piece of opened!.stream) text += (piece as Buffer).toString();
    expect(text).toBe('demo cv');
  });

  it('answers null for a missing key, and deleting one is no error', async () => {
    expect(await driver.storage.open('recruitment/never-stored')).toBeNull();
    await expect(driver.storage.delete('recruitment/never-stored')).resolves.toBeUndefined();
  });

  it('streams a large file both ways (several multipart parts on S3) byte for byte', async () => {
    const size = 13 * MiB + 12_345;
    const expected = await digest(generated(size));
    expect(await driver.storage.put('recruitment/large', generated(size))).toEqual({ size });
    const opened = await driver.storage.open('recruitment/large');
    expect(opened?.size).toBe(size);
    expect(await digest(opened!.stream)).toEqual(expected);
  });

  it('writes while it reads: the backend holds bytes before the source has ended', async () => {
    // The source gives 12 MiB, then waits until the backend has received some of them before it gives
    // the rest. A driver that read the whole file before writing would wait forever (here: 10 s).
    const size = 24 * MiB;
    let sent = 0;
    let sawBytesInProgress = 0;
    const gated = Readable.from(
      (async function* () {
        const source = generated(size);
        for await (const piece of source) {
          if (sent >= 12 * MiB && sawBytesInProgress === 0) {
            for (let waited = 0; (sawBytesInProgress = await driver.bytesInProgress()) === 0; waited += 20) {
              if (waited > 10_000) throw new Error('the driver read the whole source before writing');
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
          }
          sent += (piece as Buffer).length;
          yield piece as Buffer;
        }
      })(),
    );
    expect(await driver.storage.put('recruitment/streamed', gated)).toEqual({ size });
    expect(sawBytesInProgress).toBeGreaterThan(0);
    expect(sawBytesInProgress).toBeLessThan(size);
  });

  it('leaves nothing under the key when the source fails part-way, small or large', async () => {
    await expect(driver.storage.put('recruitment/small-fail', generated(MiB, { failAt: 128 * 1024 }))).rejects.toThrow(
      'the client went away',
    );
    await expect(driver.storage.put('recruitment/large-fail', generated(20 * MiB, { failAt: 11 * MiB }))).rejects.toThrow(
      'the client went away',
    );
    expect(await driver.storage.open('recruitment/small-fail')).toBeNull();
    expect(await driver.storage.open('recruitment/large-fail')).toBeNull();
    expect(await driver.keys()).toEqual([]);
  });

  it('refuses keys that could escape the root or the bucket prefix', async () => {
    for (const key of ['../evil', 'a/../../b', '/etc/passwd', 'A/B', 'a//b', 'a\\b', '']) {
      await expect(driver.storage.put(key, Buffer.from('x'))).rejects.toThrow(/storage key/);
      await expect(driver.storage.open(key)).rejects.toThrow(/storage key/);
    }
  });
});

describe('S3 multipart clean-up', () => {
  it('aborts the multipart upload of a failed large put, leaving no parts in the bucket', async () => {
    const s3 = await startFakeS3();
    try {
      const storage = createFileStorage(loadConfig({ ...s3.env }));
      expect(storage.kind).toBe('s3');
      await expect(storage.put('recruitment/aborted', generated(30 * MiB, { failAt: 16 * MiB }))).rejects.toThrow('the client went away');
      expect(await s3.pendingMultipartUploads()).toBe(0);
      expect(await s3.keys()).toEqual([]);
    } finally {
      await s3.close();
    }
  });
});
