import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { findFreePort } from '../../../e2e/support/free-port';
import { buildServer, serverDist } from '../../../scripts/build-server';

// Issue 10 item 24: `npm run build` makes a production build of the web app whatever NODE_ENV the
// shell has, and compiles the server once, so `npm start` is `node apps/server/dist/main.js` (no
// tsx, no web build at start). This builds both the way `npm run build` does and runs the result.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

describe('the production build (npm run build, then npm start)', () => {
  let work: string;
  let webDist: string;
  let server: ChildProcess | undefined;
  let baseUrl: string;
  let secondsToHealthy: number;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'guildhall-build-'));
    webDist = path.join(work, 'web');
    // The shell of someone who exported NODE_ENV=development, which used to ship React's development build.
    await run(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'apps/web/vite.config.ts',
        '--outDir',
        webDist,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'development' },
      },
    );
    await buildServer();

    const port = await findFreePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const started = Date.now();
    server = spawn(process.execPath, ['--enable-source-maps', path.join(serverDist, 'main.js')], {
      // Outside the repository, so no .env is read; SQLite in a fresh DATA_DIR with the demo data.
      cwd: work,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: path.join(work, 'data'),
        STATIC_DIR: webDist,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    for (;;) {
      if (server.exitCode !== null) throw new Error(`The built server exited (${server.exitCode}):\n${stderr}`);
      if (Date.now() - started > 30_000) throw new Error(`The built server was not healthy after 30 s:\n${stderr}`);
      const healthy = await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    secondsToHealthy = (Date.now() - started) / 1000;
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('bundles React’s production build even under NODE_ENV=development', () => {
    const assets = path.join(webDist, 'assets');
    const code = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(assets, f), 'utf8'))
      .join('\n');
    // Booleans, not toContain: a failure would print megabytes of bundle.
    expect(code.includes('Minified React error'), 'the production build’s error text').toBe(true);
    expect(code.includes('Each child in a list should have a unique'), 'a development-only warning').toBe(false);
    expect(code.includes('react-dom.development'), 'the development build’s file name').toBe(false);
  });

  it('starts from compiled JavaScript in seconds, with no TypeScript loader', () => {
    // A fresh database is migrated and seeded first; the budget is loose for a loaded 2-core machine.
    expect(secondsToHealthy).toBeLessThan(20);
    expect(fs.readdirSync(serverDist).filter((f) => /\.tsx?$/.test(f))).toEqual([]);
  });

  it('serves the web app it was given', async () => {
    const res = await fetch(`${baseUrl}/bureau/checker`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"></div>');
  });

  it('prints a record PDF from the bundled .tsx document, with the installed fonts (Thai intact)', async () => {
    const signIn = await fetch(`${baseUrl}/auth/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ identity: 'staff' }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const thai = demoPerson('thai');
    const pdf = await fetch(`${baseUrl}/bureau/api/records/${thai.discord.id}/documents/registration`, { headers: { cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(work, 'record.pdf');
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    expect(execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' })).toContain('สมชาย ใจดี');
  });

  it('builds the admin CLI too', () => {
    expect(execFileSync(process.execPath, [path.join(serverDist, 'cli.js'), 'help'], { cwd: work, encoding: 'utf8' })).toContain(
      'create-api-key',
    );
  });
});
