import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-support/build-test-app';

// Decision 0035: pages prerendered by the build arrive with their content; every other page, and a
// prerendered path asked with a query (rendered without one), gets the empty shell.
describe('serving prerendered pages', () => {
  let t: TestApp;
  let root: string;
  const checkerHtml = '<!doctype html><div id="root" data-prerendered="/bureau/checker"><h1>Verification Status Checker</h1></div>';

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'guildhall-web-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.mkdirSync(path.join(root, 'prerendered'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Guildhall</title><div id="root"></div>');
    fs.writeFileSync(path.join(root, 'prerendered', 'bureau-checker.html'), checkerHtml);
    fs.writeFileSync(path.join(root, 'prerendered', 'home.html'), '<div id="root" data-prerendered="/">Tools</div>');
    fs.writeFileSync(path.join(root, 'prerendered', 'render.mjs'), 'export const pageRenderer = "server only";');
    fs.writeFileSync(
      path.join(root, 'prerendered', 'pages.json'),
      // A file name that leaves the folder is ignored, not served.
      JSON.stringify({ '/': 'home.html', '/bureau/checker': 'bureau-checker.html', '/timetable': '../index.html' }),
    );
    t = await buildTestApp({ env: { STATIC_DIR: root, ENABLED_TOOLS: 'bureau' } });
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers a prerendered path with its page, never cached', async () => {
    for (const [url, text] of [
      ['/bureau/checker', 'Verification Status Checker'],
      ['/', 'Tools'],
    ] as const) {
      const res = await t.request({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(text);
      expect(res.body, url).toContain(`data-prerendered="${url}"`);
    }
    const head = await t.request({ method: 'HEAD', url: '/bureau/checker' });
    expect(head.statusCode).toBe(200);
  });

  it('gives the shell to other pages, to a prerendered path with a query, and for a bad index entry', async () => {
    for (const url of ['/bureau/checker?type=discord&id=123', '/?from=curl', '/bureau/records', '/bureau/checker/', '/timetable']) {
      const res = await t.request({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('data-prerendered');
    }
  });

  it('never serves the folder itself: templates and the page renderer (decision 0039) belong to the server', async () => {
    for (const url of ['/prerendered/render.mjs', '/prerendered/home.html', '/prerendered/pages.json']) {
      const res = await t.request({ url });
      expect(res.body, url).not.toContain('server only');
      expect(res.body, url).not.toContain('data-prerendered');
      expect(res.body, url).not.toContain('home.html');
    }
  });
});

// Decision 0039, issue 17 item 1: a page with an id in its path (`/bureau/records/:discordId/infractions`)
// is drawn per request for the path asked, and names that path so the browser hydrates it.
describe('drawing pages with an id in their path', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'guildhall-web-'));
    const dir = path.join(root, 'prerendered');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Guildhall</title><div id="root"></div>');
    const template = (body: string) =>
      `<!doctype html><body><div id="root" data-prerendered="/bureau/records/:discordId/infractions">${body}</div></body>`;
    fs.writeFileSync(path.join(dir, 'bureau-records-_discordId-infractions.template.html'), template('<!--guildhall-page-->'));
    fs.writeFileSync(path.join(dir, 'bureau-records-_discordId-infractions.html'), template('<p>Loading</p>'));
    fs.writeFileSync(
      path.join(dir, 'bureau-bot-api.template.html'),
      '<!doctype html><body><div id="root" data-prerendered="/bureau/bot-api"><!--guildhall-page--></div></body>',
    );
    fs.writeFileSync(path.join(dir, 'bureau-bot-api.html'), '<div id="root" data-prerendered="/bureau/bot-api"><p>Loading</p></div>');
    // A stand-in for the built renderer: it asks the server who is signed in, as the real page does,
    // and the bot API page its document (issue 17 item 1).
    fs.writeFileSync(
      path.join(dir, 'render.mjs'),
      `export async function renderPageWithData(pathname, transport) {
        if (pathname === '/bureau/bot-api') {
          const answer = await transport('/bureau/api/bot/v1/openapi.json');
          const document = await answer.json();
          return { markup: '<h1>' + document.info.title + '</h1>', state: { document }, complete: answer.ok };
        }
        const me = await (await transport('/auth/api/me')).json();
        return { markup: '<p>drawn ' + pathname + ' for ' + (me.identity ? 'someone' : 'a visitor') + '</p>', state: { me }, complete: true };
      }`,
    );
    fs.writeFileSync(path.join(dir, 'pages.json'), JSON.stringify({ '/bureau/bot-api': 'bureau-bot-api.html' }));
    fs.writeFileSync(
      path.join(dir, 'rendered.json'),
      JSON.stringify({
        module: 'render.mjs',
        pages: {
          '/bureau/records/:discordId/infractions': 'bureau-records-_discordId-infractions.template.html',
          '/bureau/bot-api': 'bureau-bot-api.template.html',
        },
      }),
    );
    t = await buildTestApp({ env: { STATIC_DIR: root, ENABLED_TOOLS: 'bureau' } });
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('draws the path asked, names it for hydration, and keeps it out of every cache', async () => {
    const res = await t.request({ url: '/bureau/records/123456789012345678/infractions' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<div id="root" data-prerendered="/bureau/records/123456789012345678/infractions">');
    expect(res.body).toContain('<p>drawn /bureau/records/123456789012345678/infractions for a visitor</p>');
    expect(res.body).toContain('<script type="application/json" id="query-state">{"me":{"identity":null');
  });

  it('draws the bot API page with the document the server publishes, asked in-process without a key', async () => {
    const res = await t.request({ url: '/bureau/bot-api' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root" data-prerendered="/bureau/bot-api"><h1>Registration Bureau bot API</h1></div>');
    expect(res.body).toContain('"openapi":"3.1.0"');
  });

  it('gives the shell to paths the pattern does not match, and to one with a query', async () => {
    for (const url of [
      '/bureau/records/123/other',
      '/bureau/records/123/infractions/more',
      '/bureau/records//infractions',
      '/bureau/records/1/infractions?x=1',
    ]) {
      const res = await t.request({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('drawn');
    }
  });
});
