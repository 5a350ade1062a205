import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage';

const roots: string[] = [];
function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-storage-'));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('LocalDiskStorage', () => {
  it('stores, reads back and deletes a file under its key', async () => {
    const root = tempRoot();
    const storage = new LocalDiskStorage(root);
    await storage.put('recruitment/abc-123', Buffer.from('hello'));
    expect(fs.readFileSync(path.join(root, 'recruitment', 'abc-123'), 'utf8')).toBe('hello');
    const opened = await storage.open('recruitment/abc-123');
    expect(opened?.size).toBe(5);
    expect((await readAll(opened!.stream)).toString()).toBe('hello');
    await storage.delete('recruitment/abc-123');
    expect(await storage.open('recruitment/abc-123')).toBeNull();
    // No temporary files are left behind.
    expect(fs.readdirSync(path.join(root, 'recruitment'))).toEqual([]);
  });

  // A refused upload (its source fails at once, as an aborted one does) must leave no temporary file.
  // The pipeline rejects while the write stream may still be creating that file on another thread; a
  // slow disk (the open delayed here) made the removal run first, and the file then appeared and stayed.
  it('leaves no temporary file behind when the source fails while the disk is still creating it', async () => {
    const root = tempRoot();
    const storage = new LocalDiskStorage(root);
    const open = fs.open;
    const slowOpen = vi.spyOn(fs, 'open').mockImplementation(((...args: Parameters<typeof fs.open>) => {
      setTimeout(() => Reflect.apply(open, fs, args), 50);
    }) as typeof fs.open);
    try {
      const failing = new Readable({
        read() {
          this.destroy(new Error('upload refused'));
        },
      });
      await expect(storage.put('recruitment/refused', failing)).rejects.toThrow('upload refused');
    } finally {
      slowOpen.mockRestore();
    }
    // Past the delayed open, so a file it created late would be there to see.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fs.readdirSync(path.join(root, 'recruitment'))).toEqual([]);
  });

  it('refuses keys that could escape the root', async () => {
    const storage = new LocalDiskStorage(tempRoot());
    for (const key of ['../evil', 'a/../../b', '/etc/passwd', 'A/B', 'a//b', 'a\\b', '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/storage key/);
    }
  });
});
