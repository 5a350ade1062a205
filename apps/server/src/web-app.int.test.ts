import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-support/build-test-app';

// ARCHITECTURE.md §7: the web app is served compressed, hashed assets cached for a year, the HTML
// shell never cached (so a deploy is picked up at once), and client routes all get the shell.
describe('serving the built web app', () => {
  let t: TestApp;
  let root: string;
  const script = `console.log(${JSON.stringify('guildhall '.repeat(500))});`;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'guildhall-web-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Guildhall</title><div id="root"></div>');
    fs.writeFileSync(path.join(root, 'assets', 'index-abc123.js'), script);
    t = await buildTestApp({ env: { STATIC_DIR: root, ENABLED_TOOLS: 'bureau' } });
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.request({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('gives every client route the HTML shell, never cached', async () => {
    for (const url of ['/', '/bureau/checker', '/timetable/anything/deep']) {
      const res = await t.request({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('answers JSON 404s, not the shell, for unknown API paths', async () => {
    const res = await t.request({ url: '/bureau/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such route: GET /bureau/api/nope' });
  });
});
