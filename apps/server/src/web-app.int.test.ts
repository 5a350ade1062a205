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

  it('gives the shell to any GET or HEAD of a page, whatever it accepts (issue 10 item 25: curl / got a JSON 404)', async () => {
    for (const accept of ['*/*', 'application/json', undefined]) {
      const res = await t.request({ url: '/?from=curl', headers: accept ? { accept } : {} });
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-type'], String(accept)).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    }
    const head = await t.request({ method: 'HEAD', url: '/bureau/checker', headers: { accept: '*/*' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('keeps the JSON 404 for API paths, other methods and missing assets, whatever they accept', async () => {
    const cases = [
      { method: 'GET', url: '/api/nope', accept: '*/*' },
      { method: 'GET', url: '/auth/nope', accept: 'text/html' },
      { method: 'GET', url: '/healthz/deep', accept: '*/*' },
      { method: 'GET', url: '/recruitment/api/nope?x=1', accept: '*/*' },
      { method: 'GET', url: '/bureau/worker/nope', accept: 'text/html' },
      { method: 'DELETE', url: '/bureau/checker', accept: 'text/html' },
      // A hashed file that is gone (an old page after a deploy) must fail as a 404, not parse HTML as code.
      { method: 'GET', url: '/assets/index-gone123.js', accept: '*/*' },
      // Escaped letters: the router reads /%61pi/ as /api/, and so does the 404.
      { method: 'GET', url: '/%61pi/nothing', accept: '*/*' },
      { method: 'GET', url: '/bureau/%61pi/nothing', accept: 'text/html' },
    ] as const;
    for (const { method, url, accept } of cases) {
      const res = await t.request({ method, url, headers: { accept } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ error: `No such route: ${method} ${url.split('?')[0]}`, code: 'not_found' });
    }
  });

  it('answers JSON 404s, not the shell, for unknown API paths', async () => {
    const res = await t.request({ url: '/bureau/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such route: GET /bureau/api/nope', code: 'not_found' });
  });
});
