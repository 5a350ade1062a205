import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import type * as PromClient from 'prom-client';
import { DomainError } from '../errors/domain-error';
import { lazyRequire } from '../lazy/lazy-require';

const loadPromClient = lazyRequire<typeof PromClient>('prom-client');

/**
 * Issue 12 item 5 (decision 0026): what an operator scrapes, in Prometheus' text format. Off unless
 * configured: METRICS_TOKEN serves /metrics on the app's port to `Authorization: Bearer <token>`;
 * METRICS_PORT serves it on a port of its own instead (METRICS_HOST, loopback by default), where the
 * token is asked for too when it is set.
 */
export interface MetricsSettings {
  token: string | null;
  port: number | null;
}

const UNMATCHED = '(unmatched)';
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Builds the registry from the app's context and counts every request; answers the registry. */
export function registerMetrics(app: FastifyInstance, settings: MetricsSettings): Registry | null {
  // Issue 17 items 2 and 6 (decision 0036): with neither setting nothing can read the counts, so no
  // request pays for counting them and prom-client is never loaded.
  if (settings.token === null && settings.port === null) return null;
  const { Counter, Gauge, Histogram, Registry } = loadPromClient();
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'guildhall_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'guildhall_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/bureau/api/pairs/:discordId), never the raw URL: one series per route.
    const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const { ctx } = app;
  new Gauge({
    name: 'guildhall_database_info',
    help: 'The database this process uses (1, labelled with its dialect).',
    labelNames: ['dialect'],
    registers: [registry],
    collect() {
      this.set({ dialect: ctx.database.dialect }, 1);
    },
  });
  const pool = ctx.database.pgPool;
  if (pool) {
    new Gauge({
      name: 'guildhall_database_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  new Gauge({
    name: 'guildhall_pdf_prints',
    help: 'PDF prints waiting for a page (queued) and printing now (active) (decision 0022).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { waiting, active } = ctx.documents.queueDepth;
      this.set({ state: 'queued' }, waiting);
      this.set({ state: 'active' }, active);
    },
  });
  const printSeconds = new Histogram({
    name: 'guildhall_pdf_print_duration_seconds',
    help: 'Time from asking for a PDF to having it (queue wait included), by outcome.',
    labelNames: ['outcome'],
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [registry],
  });
  ctx.documents.onPrint((seconds, outcome) => printSeconds.observe({ outcome }, seconds));

  new Gauge({
    name: 'guildhall_event_streams_open',
    help: 'Server-sent event streams open now (the records live list).',
    registers: [registry],
    collect() {
      this.set(ctx.readiness.openStreams);
    },
  });

  const jobs = new Gauge({
    name: 'guildhall_jobs',
    help: 'Durable jobs by name and state: queued (waiting, due or not), active, failed (for good).',
    labelNames: ['name', 'state'],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'guildhall_job_failures_total',
    help: 'Job runs that failed in this process (each retry counts), by job name.',
    labelNames: ['name'],
    registers: [registry],
  });
  // Read once per scrape from the queue; a database that does not answer leaves the last numbers.
  const collectJobs = async () => {
    const stats = await ctx.jobs.stats();
    jobs.reset();
    for (const [name, counts] of Object.entries(stats.byName)) {
      for (const state of ['queued', 'active', 'failed'] as const) jobs.set({ name, state }, counts[state]);
    }
    jobFailures.reset();
    for (const [name, count] of Object.entries(stats.failuresByName)) jobFailures.inc({ name }, count);
  };

  const answer = async (): Promise<string> => {
    await collectJobs().catch((error: unknown) => app.log.warn({ err: error }, 'metrics: the job queue did not answer'));
    return registry.metrics();
  };
  const authorised = (header: string | undefined) => settings.token === null || sameSecret(bearerOf(header), settings.token);

  if (settings.token !== null && settings.port === null) {
    app.get('/metrics', async (request, reply) => {
      if (!authorised(request.headers.authorization)) throw new DomainError('unauthenticated', 'Send the metrics token as a bearer token.');
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await answer());
    });
  }
  if (settings.port !== null) {
    const servers: http.Server[] = [];
    metricsAnswers.set(app, { answer, authorised, contentType: registry.contentType, servers });
    app.addHook('onClose', async () => {
      for (const server of servers.splice(0)) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  }
  return registry;
}

const metricsAnswers = new WeakMap<
  FastifyInstance,
  {
    answer: () => Promise<string>;
    authorised: (header: string | undefined) => boolean;
    contentType: string;
    servers: http.Server[];
  }
>();

/**
 * With METRICS_PORT: serves GET /metrics on a server of its own (main.ts starts it after the app
 * listens); it closes with the app. Answers its URL.
 */
export async function startMetricsServer(app: FastifyInstance, host: string, port: number): Promise<string> {
  const source = metricsAnswers.get(app);
  if (!source) throw new Error('startMetricsServer: METRICS_PORT is not configured');
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics.\n');
      return;
    }
    if (!source.authorised(request.headers.authorization)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('Send the metrics token as a bearer token.\n');
      return;
    }
    source.answer().then(
      (text) => response.writeHead(200, { 'content-type': source.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  source.servers.push(server);
  const address = server.address() as AddressInfo;
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}/metrics`;
}

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED;
}

function bearerOf(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? '';
}

/** Compares two secrets in constant time (their SHA-256, so lengths never leak either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
