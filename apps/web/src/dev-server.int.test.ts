import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

// `npm run dev` (scripts/dev.mjs): Vite serves the app's modules and forwards the server's paths to the
// server. The forwarding rule for tool APIs (/<tool>/api/...) also took the app's own modules under
// src/api/ (/src/api/get-me.ts): the server answered them 404 and the page never loaded.
describe('the development server', () => {
  let vite: ViteDevServer;
  let server: http.Server;
  let base: string;
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-vite-'));

  beforeAll(async () => {
    // A stand-in for the Guildhall server: it names itself and the path it was asked for.
    server = http.createServer((request, response) => response.end(`server: ${request.url}`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.GUILDHALL_SERVER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const configFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../vite.config.ts');
    // Only the forwarding is under test: no dependency pre-bundling, file watching or hot reload, whose
    // work (an esbuild pass over every dependency, on a loaded machine) kept close() waiting past a minute.
    vite = await createServer({
      configFile,
      logLevel: 'silent',
      cacheDir,
      optimizeDeps: { noDiscovery: true, include: [] },
      server: { port: 0, host: '127.0.0.1', watch: null, ws: false },
    });
    await vite.listen();
    base = vite.resolvedUrls!.local[0]!;
  });
  afterAll(async () => {
    await vite?.close();
    server?.close();
    delete process.env.GUILDHALL_SERVER_URL;
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  it("serves the app's own modules under src/api itself", async () => {
    const answer = await fetch(new URL('src/api/get-me.ts', base));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
    expect(await answer.text()).not.toContain('server:');
  });

  it("forwards the server's paths to the server", async () => {
    for (const route of ['/bureau/api/check-status?type=discord&id=1', '/bureau/worker/config', '/api/tools', '/auth/api/me']) {
      expect(await (await fetch(new URL(route, base))).text()).toBe(`server: ${route}`);
    }
  });
});
