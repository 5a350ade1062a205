import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoPerson } from '@guildhall/testkit/demo-data';
import { DIALECTS } from './core/db/test-databases';
import { startMetricsServer } from './core/metrics/metrics';
import { type BuildTestAppOptions, type TestApp, buildTestApp } from './test-support/build-test-app';
import { freePort } from './test-support/free-port';

// Issue 12 item 5 (decision 0026): /metrics in Prometheus' format, off unless configured, and its
// numbers follow what the process did.

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one series in Prometheus' text format (labels in any order), or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe.each(DIALECTS)('/metrics on %s', (dialect) => {
  let t: TestApp | undefined;
  const build = async (env: Record<string, string> = {}, options: BuildTestAppOptions = {}) =>
    (t = await buildTestApp({ dialect, roblox: false, ...options, env: { ENABLED_TOOLS: 'bureau', ...env } }));
  const scrape = async (app: TestApp) => {
    const res = await app.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is off unless configured', async () => {
    const app = await build();
    const res = await app.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('asks for METRICS_TOKEN as a bearer token', async () => {
    const app = await build({ METRICS_TOKEN: TOKEN });
    const none = await app.request({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Send the metrics token as a bearer token.', code: 'unauthenticated' });
    const wrong = await app.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const right = await app.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern and status, and times them', async () => {
    const app = await build({ METRICS_TOKEN: TOKEN });
    for (let i = 0; i < 3; i++) expect((await app.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const staff = await app.signInAs('staff');
    // Two different ids, one route: one series, labelled with the pattern.
    for (const id of ['111111111111111111', '222222222222222222']) {
      await app.request({ method: 'GET', url: `/bureau/api/records/${id}/documents/registration`, cookie: staff });
    }
    await app.request({ method: 'GET', url: '/api/nothing-here/1' });
    await app.request({ method: 'GET', url: '/api/nothing-here/2' });

    const text = await scrape(app);
    expect(valueOf(text, 'guildhall_http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBe(3);
    expect(valueOf(text, 'guildhall_http_request_duration_seconds_count', { route: '/healthz', status: '200' })).toBe(3);
    expect(valueOf(text, 'guildhall_http_request_duration_seconds_sum', { route: '/healthz', status: '200' })).toBeGreaterThan(0);
    const documentCalls = text
      .split('\n')
      .filter((l) => l.startsWith('guildhall_http_requests_total') && l.includes('/bureau/api/records/'));
    expect(documentCalls).toHaveLength(1);
    expect(documentCalls[0]).toContain('route="/bureau/api/records/:discordId/documents/:type"');
    expect(Number(documentCalls[0]!.split(' ').pop())).toBe(2);
    expect(valueOf(text, 'guildhall_http_requests_total', { route: '(unmatched)', status: '404' })).toBe(2);
    expect(text).not.toContain('111111111111111111');
    expect(text).not.toContain('nothing-here');
  });

  it('reports the database and its pool', async () => {
    const app = await build({ METRICS_TOKEN: TOKEN });
    const text = await scrape(app);
    expect(valueOf(text, 'guildhall_database_info', { dialect })).toBe(1);
    if (dialect === 'postgres') {
      expect(valueOf(text, 'guildhall_database_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'guildhall_database_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, 'guildhall_database_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(text).not.toContain('guildhall_database_pool_connections');
    }
  });

  it('reports job queue depth and failures', async () => {
    const app = await build({ METRICS_TOKEN: TOKEN });
    app.ctx.jobs.define('test.metrics-fails', z.object({}), async () => Promise.reject(new Error('no')), {
      retryLimit: 1,
      retryDelaySeconds: 0,
    });
    app.ctx.jobs.define('test.metrics-waits', z.object({}), async () => undefined);
    await app.ctx.jobs.enqueue('test.metrics-fails', {});
    await app.ctx.jobs.enqueue('test.metrics-waits', {}, { runAt: app.clock.now() + 3_600_000 });
    await app.ctx.jobs.enqueue('test.metrics-waits', {}, { runAt: app.clock.now() + 3_600_000 });
    await app.ctx.jobs.settle();
    const text = await scrape(app);
    expect(valueOf(text, 'guildhall_jobs', { name: 'test.metrics-fails', state: 'failed' })).toBe(1);
    expect(valueOf(text, 'guildhall_jobs', { name: 'test.metrics-waits', state: 'queued' })).toBe(2);
    expect(valueOf(text, 'guildhall_job_failures_total', { name: 'test.metrics-fails' })).toBe(2);
  });

  it('counts open event streams', async () => {
    const app = await build({ METRICS_TOKEN: TOKEN });
    await app.ctx.grants.grant(demoPerson('staff').discord.id, 'bureau-staff');
    const staff = await app.signInAs('staff');
    expect(valueOf(await scrape(app), 'guildhall_event_streams_open')).toBe(0);
    const address = await app.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const response = await fetch(`${address}/bureau/api/records/events`, { headers: { cookie: staff }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(valueOf(await scrape(app), 'guildhall_event_streams_open')).toBe(1);
    controller.abort();
    await expect.poll(async () => valueOf(await scrape(app), 'guildhall_event_streams_open')).toBe(0);
  });

  it('serves them on METRICS_PORT instead, and only there', async () => {
    const port = await freePort();
    const app = await build({ METRICS_PORT: String(port) });
    expect((await app.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const url = await startMetricsServer(app.app, '127.0.0.1', port);
    expect(url).toBe(`http://127.0.0.1:${port}/metrics`);
    await app.request({ method: 'GET', url: '/healthz' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(valueOf(await res.text(), 'guildhall_http_requests_total', { route: '/healthz', status: '200' })).toBe(1);
    expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('asks for the token on METRICS_PORT too when both are set', async () => {
    const port = await freePort();
    const app = await build({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
    const url = await startMetricsServer(app.app, '127.0.0.1', port);
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});

describe('/metrics and the PDF printer', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('reports the print queue and times each print by outcome', async () => {
    t = await buildTestApp({ roblox: false, discord: false, env: { ENABLED_TOOLS: 'bureau', METRICS_TOKEN: TOKEN } });
    const pdf = await t.ctx.documents.printPdf(createElement('p', null, 'Hello'), { title: 'Test', css: '' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(valueOf(text, 'guildhall_pdf_print_duration_seconds_count', { outcome: 'printed' })).toBe(1);
    expect(valueOf(text, 'guildhall_pdf_print_duration_seconds_sum', { outcome: 'printed' })).toBeGreaterThan(0);
    expect(valueOf(text, 'guildhall_pdf_prints', { state: 'queued' })).toBe(0);
    expect(valueOf(text, 'guildhall_pdf_prints', { state: 'active' })).toBe(0);
  });
});
