import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestLogMode } from '../../config';
import { createLocalEventBus } from '../events/event-bus';
import { streamTopicChanges } from '../events/stream-topic-changes';
import { Readiness } from '../lifecycle/readiness';
import { requestLineHook, SLOW_ANSWER_MS } from './log-format';

// Decision 0044: which answers LOG_REQUESTS writes a line for, on a bare Fastify app carrying the hook
// (what makes an answer notable is its method, status, time and type, not any one route of ours).

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function appWith(mode: RequestLogMode) {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new LogController({ disableRequestLogging: true }) });
  const hook = requestLineHook(mode);
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
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; method: string; url: string; status: number; ms: number })
      .filter((entry) => entry.msg === 'request completed')
      .map((entry) => `${entry.method} ${entry.url} ${entry.status}`);
  return { app, lines };
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

  it('none: no hook, no line', () => {
    expect(requestLineHook('none')).toBeNull();
  });
});
