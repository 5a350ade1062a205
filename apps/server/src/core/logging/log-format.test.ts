import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestLogMode } from '../../config';
import { createLocalEventBus } from '../events/event-bus';
import { streamTopicChanges } from '../events/stream-topic-changes';
import { Readiness } from '../lifecycle/readiness';
import { REFUSED_CLIENTS_LOGGED_PER_MINUTE, requestLineHook, SLOW_ANSWER_MS } from './log-format';

// Decision 0044: which answers LOG_REQUESTS writes a line for, on a bare Fastify app carrying the hook
// (what makes an answer notable is its method, status, time and type, not any one route of ours).

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function appWith(mode: RequestLogMode, now: () => number = Date.now) {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new LogController({ disableRequestLogging: true }) });
  const hook = requestLineHook(mode, now);
  if (hook) app.addHook('onResponse', hook);
  app.get('/quick', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await wait(SLOW_ANSWER_MS + 50);
    return { ok: true };
  });
  // A live view's stream as our routes open it, ended after longer than a slow answer.
  app.get('/stream', async (_request, reply) => {
    reply.hijack();
    const stop = streamTopicChanges({ events: createLocalEventBus(), readiness: new Readiness() }, reply.raw, {
      topic: 'nothing',
      toChange: () => null,
      reload: {},
    });
    await wait(SLOW_ANSWER_MS + 50);
    stop();
  });
  app.post('/write', async () => ({ saved: true }));
  app.get('/refused', async (_request, reply) => reply.code(403).send({ error: 'No.', code: 'forbidden' }));
  app.get('/busy', async (_request, reply) => reply.code(429).send({ error: 'Too many requests.', code: 'rate_limited' }));
  const entries = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; level: number; method: string; url: string; status: number; ms: number });
  const lines = () =>
    entries()
      .filter((entry) => entry.msg === 'request completed')
      .map((entry) => `${entry.method} ${entry.url} ${entry.status}`);
  const warnings = () => entries().filter((entry) => entry.level === 40);
  return { app, lines, warnings };
}

async function answerAll(app: ReturnType<typeof appWith>['app']): Promise<void> {
  for (const [method, url] of [
    ['GET', '/quick'],
    ['HEAD', '/quick'],
    ['GET', '/missing'],
    ['GET', '/refused'],
    ['POST', '/write'],
    ['GET', '/slow'],
  ] as const) {
    await app.inject({ method, url });
  }
  // An event stream over a real socket, ended by the server after longer than a slow answer.
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const answer = await fetch(`${address}/stream`);
  await answer.text();
}

describe('request lines (LOG_REQUESTS)', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('notable: writes, failures and slow answers get a line; quick good reads and event streams do not', async () => {
    const { app, lines } = appWith('notable');
    close = () => app.close();
    await answerAll(app);
    expect(lines()).toEqual(['GET /missing 404', 'GET /refused 403', 'POST /write 200', 'GET /slow 200']);
  });

  it('all: every answer gets a line', async () => {
    const { app, lines } = appWith('all');
    close = () => app.close();
    await answerAll(app);
    expect(lines()).toEqual([
      'GET /quick 200',
      'HEAD /quick 200',
      'GET /missing 404',
      'GET /refused 403',
      'POST /write 200',
      'GET /slow 200',
      'GET /stream 200',
    ]);
  });

  // Decision 0046: a client flooding a rate-limited route cannot write the log at its own rate.
  it('notable: a client refused as too many gets one line a minute, however many refusals', async () => {
    let clock = 0;
    const { app, lines } = appWith('notable', () => clock);
    close = () => app.close();
    const refuse = (client: string, url = '/busy') => app.inject({ url, remoteAddress: client });
    for (let i = 0; i < 5; i++) await refuse('203.0.113.1', `/busy?n=${i}`);
    await refuse('203.0.113.2');
    // Other failures of the same client are still written each time.
    await app.inject({ url: '/refused', remoteAddress: '203.0.113.1' });
    await app.inject({ url: '/refused', remoteAddress: '203.0.113.1' });
    clock += 59_999;
    await refuse('203.0.113.1', '/busy?n=5');
    clock += 1;
    await refuse('203.0.113.1', '/busy?n=6');
    expect(lines()).toEqual(['GET /busy?n=0 429', 'GET /busy 429', 'GET /refused 403', 'GET /refused 403', 'GET /busy?n=6 429']);
  });

  it('notable: past the limit of clients a minute, one warning and no more refusal lines', async () => {
    let clock = 0;
    const { app, lines, warnings } = appWith('notable', () => clock);
    close = () => app.close();
    const client = (i: number) => `10.0.${i >> 8}.${i & 255}`;
    for (let i = 0; i < REFUSED_CLIENTS_LOGGED_PER_MINUTE + 3; i++) await app.inject({ url: '/busy', remoteAddress: client(i) });
    expect(lines()).toHaveLength(REFUSED_CLIENTS_LOGGED_PER_MINUTE);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.msg).toBe(
      'more clients were refused as too many this minute; their refusals are not logged until the next minute',
    );
    // A new minute starts the count again.
    clock += 60_000;
    await app.inject({ url: '/busy', remoteAddress: client(REFUSED_CLIENTS_LOGGED_PER_MINUTE + 2) });
    expect(lines()).toHaveLength(REFUSED_CLIENTS_LOGGED_PER_MINUTE + 1);
  });

  it('all: every refusal gets its line', async () => {
    const { app, lines } = appWith('all');
    close = () => app.close();
    for (let i = 0; i < 3; i++) await app.inject({ url: '/busy', remoteAddress: '203.0.113.1' });
    expect(lines()).toEqual(['GET /busy 429', 'GET /busy 429', 'GET /busy 429']);
  });

  it('none: no hook, no line', () => {
    expect(requestLineHook('none')).toBeNull();
  });
});
