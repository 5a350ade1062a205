import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('refuses keys that could escape the root', async () => {
    const storage = new LocalDiskStorage(tempRoot());
    for (const key of ['../evil', 'a/../../b', '/etc/passwd', 'A/B', 'a//b', 'a\\b', '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/storage key/);
    }
  });
});
