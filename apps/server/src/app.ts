import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { ToolsAnswer } from '@guildhall/contracts';
import type { Config } from './config';
import type { AppContext } from './core/context';
import { redactFeedTokens } from './core/auth/feed-tokens';
import { GrantStore } from './core/auth/grant-store';
import { SessionStore } from './core/auth/session-store';
import { SchoolAccountStore } from './core/auth/school-account-store';
import { registerAuthRoutes } from './core/auth/auth-routes';
import { registerAdminRoutes } from './core/admin/admin-routes';
import { type DbHandle, pingDatabase } from './core/db/database';
import { type EventBus, type EventBusLog, stderrEventBusLog } from './core/events/event-bus';
import { DomainError } from './core/errors/domain-error';
import { closeConnectionsGracefully } from './core/http/graceful-close';
import { registerHttpCore } from './core/http/http-plugin';
import { loadPageRenderer } from './core/http/load-page-renderer';
import { createRedisClient } from './core/redis/redis-client';
import { type SignInThrottle, createSignInThrottle } from './core/auth/sign-in-throttle';
import { ProfileLookup } from './core/lookup/profile-lookup';
import { DocumentService } from './core/documents/document-service';
import { Readiness } from './core/lifecycle/readiness';
import { createJobQueue } from './core/jobs/create-job-queue';
import { registerMetrics } from './core/metrics/metrics';
import { bufferedStdout, requestLineHook, prettyLogStream, usePrettyLogs } from './core/logging/log-format';
import { lazyRequestLogger } from './core/logging/lazy-request-logger';
import { rateLimitCountsOnSuccess } from './core/http/rate-limit-counts';
import { clientLimitKey } from './core/http/rate-limit-key';
import { requestIdGenerator } from './core/http/request-id';
import type { JobQueue } from './core/jobs/job-queue';
import { RegistryRepository } from './core/registry/registry-repository';
import { allTools } from './tools';

export interface BuildAppOptions {
  config: Config;
  database: DbHandle;
  events: EventBus;
  now?: () => number;
  /** pino options, or false for silence (tests). */
  logger?: boolean | object;
  /** Hears every route as it is registered (tests sweep them all). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

export function createContext(
  config: Config,
  database: DbHandle,
  events: EventBus,
  now: () => number = Date.now,
  signInThrottle: SignInThrottle = createSignInThrottle(config, now),
  jobs: JobQueue = createJobQueue({ database, now, settings: jobSettings(config) }),
  // The app passes its logger; the CLI and the demo seed, which run before or without one, write to stderr.
  log: Pick<EventBusLog, 'warn'> = stderrEventBusLog,
): AppContext {
  return {
    config,
    database,
    events,
    now,
    sessions: new SessionStore(database.db, events, config.SESSION_TTL_HOURS * 3_600_000, now, log),
    grants: new GrantStore(database.db, events, now, log),
    registry: new RegistryRepository(database.db, events, now, log),
    schoolAccounts: new SchoolAccountStore(database.db, now, database.dialect),
    signInThrottle,
    lookup: new ProfileLookup(
      database.db,
      {
        discordBaseUrl: config.DISCORD_BASE_URL,
        discordBotToken: config.DISCORD_BOT_TOKEN ?? null,
        robloxBaseUrl: config.ROBLOX_USERS_BASE_URL,
        cacheSeconds: config.LOOKUP_CACHE_SECONDS,
        timeoutMs: config.LOOKUP_TIMEOUT_MS,
      },
      now,
    ),
    documents: new DocumentService({
      chromiumPath: config.CHROMIUM_PATH,
      maxPages: config.PDF_MAX_CONCURRENT,
      maxQueued: config.PDF_MAX_QUEUED,
      printTimeoutMs: config.PDF_PRINT_TIMEOUT_MS,
      idleCloseMs: config.PDF_IDLE_CLOSE_MS,
    }),
    readiness: new Readiness(),
    jobs,
  };
}

const jobSettings = (config: Config) => ({
  pollIntervalMs: config.JOBS_POLL_INTERVAL_MS,
  concurrency: config.JOBS_CONCURRENCY,
  pgSchema: config.JOBS_PG_SCHEMA,
});

/**
 * Issue 10 item 5: whoever configures the logger, every line it writes (request URLs, messages, error
 * fields) goes through the feed-token redaction, so a private calendar URL never reaches a log.
 */
function loggerOptions(config: Config, custom: BuildAppOptions['logger']): false | object {
  if (custom === false) return false;
  const options: { level: string; stream?: Writable } = { level: config.LOG_LEVEL, ...(typeof custom === 'object' ? custom : {}) };
  // Issue 12 item 8: one-line text for people, JSON for machines; a stream of the caller's is no terminal.
  const pretty = usePrettyLogs(config, options.stream ? false : Boolean(process.stdout.isTTY));
  // Issue 17 item 2 (decision 0036): JSON lines to stdout are buffered (log-format.ts).
  const stream = pretty ? prettyLogStream(options.stream) : (options.stream ?? bufferedStdout());
  return { ...options, stream, hooks: { streamWrite: redactFeedTokens } };
}

const defaultStaticDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** ARCHITECTURE.md §2: core plugins, then each enabled tool, then the web app. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Issue 10 item 4: a request trickled byte by byte is answered 408 and closed. Node looks for
    // late requests every connectionsCheckingInterval (30 s by default), so a quarter of the
    // headers timeout keeps the cut-off close to the configured time.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    // core/http/graceful-close.ts ends idle connections itself, after their last bytes are sent.
    forceCloseConnections: false,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.HTTP_HEADERS_TIMEOUT_MS / 4)),
    },
    trustProxy: config.TRUST_PROXY,
    // A client's own X-Request-Id is ignored; only a trusted proxy's names the request (request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    routerOptions: { maxParamLength: 200 },
    // Decision 0017: an address refused before any route (half a character, a stray '%', a part longer
    // than maxParamLength) is answered in the same {error, code} shape as every other refusal.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .send({ error: tooLong ? 'A part of the address is too long.' : 'The address is not a valid URL.', code: 'client_error' });
    },
    // Decision 0036: one line per answered request (below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Decision 0040: a request's own logger is made when it first writes a line, not for every request.
    childLoggerFactory: lazyRequestLogger,
  });
  const now = options.now ?? Date.now;
  const requestLine = requestLineHook(config.requestLog, now);
  if (requestLine) app.addHook('onResponse', requestLine);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Issue 12 item 1 (decision 0023): with REDIS_URL the rate limits and the sign-in throttle are one
  // count for every process; without it they count in memory, as one process always did.
  const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, config.REDIS_KEY_PREFIX, app.log) : null;
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  const signInThrottle = createSignInThrottle(config, now, redis ? { client: redis, log: app.log } : undefined);
  const jobs = createJobQueue({ database: options.database, now, log: app.log, settings: jobSettings(config) });
  app.decorate('ctx', createContext(config, options.database, options.events, now, signInThrottle, jobs, app.log));
  // Issue 12 item 3: the worker starts once every tool has defined its jobs (register), and stops
  // (waiting for the handlers running now) when the app closes, before main.ts closes the database.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  // Issue 12 item 4: a draining process takes no new jobs; the other processes (or the next start) do.
  app.ctx.readiness.onDrainStopService(
    () => void jobs.stop().catch((error: unknown) => app.log.warn({ err: error }, 'could not stop the job worker')),
  );
  // Issue 12 item 5: before any route, so every request is counted by its route pattern.
  registerMetrics(app, { token: config.METRICS_TOKEN ?? null, port: config.METRICS_PORT ?? null });
  closeConnectionsGracefully(app);
  app.addHook('onClose', async () => app.ctx.documents.close());

  await registerHttpCore(app, { publicOrigin: config.publicOrigin, isProduction: config.isProduction });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new DomainError('rate_limited'),
    // The client's address, an IPv6 one by its /64: one client holds a whole /64 and would otherwise
    // get a fresh budget from each of its addresses (rate-limit-key.ts).
    keyGenerator: clientLimitKey,
    // Decision 0040: the counts ride on the 429 only; the pages never read them on a success.
    addHeadersOnExceeding: rateLimitCountsOnSuccess(false),
    // A Redis outage lets requests through rather than taking the service down (decision 0023).
    ...(redis ? { redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
  });
  await app.register(compress, { threshold: 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // Issue 10 item 18: an empty body sent as JSON (fetch wrappers send the header on every call) is no
  // body, for every route: calls without a payload (002 §7 withdraw) work, and a route that needs one
  // fails its contract with a 400 sentence. Anything else goes to Fastify's own (poison-safe) parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await pingDatabase(options.database.db);
      return { status: 'ok', database: options.database.dialect };
    } catch {
      return reply.code(503).send({ status: 'unavailable', error: 'The database is not answering.', code: 'database_unavailable' });
    }
  });

  // Issue 12 item 4: readiness for a load balancer, apart from liveness (/healthz): 503 once draining
  // began (SIGTERM, main.ts) or while the database does not answer. While the process starts
  // (migrations, seed) it does not listen yet, which a load balancer reads as not ready too.
  app.get('/readyz', async () => {
    if (app.ctx.readiness.draining) throw new DomainError('draining');
    try {
      await pingDatabase(options.database.db);
    } catch {
      throw new DomainError('database_unavailable');
    }
    return { status: 'ready' };
  });

  const enabled = allTools.filter((t) => config.enabledTools.has(t.id));
  app.get('/api/tools', async (): Promise<ToolsAnswer> => ({
    tools: enabled.map(({ id, name, description, path: toolPath, links = [] }) => ({ id, name, description, path: toolPath, links })),
  }));

  await registerAuthRoutes(app);
  // Issue 12 item 7: the owner console's API (core, not a tool: it is always there).
  await registerAdminRoutes(app);
  for (const tool of enabled) await tool.register(app);

  await registerWebApp(app, config.STATIC_DIR ?? defaultStaticDir);
  return app;
}

/** Serves the built web app: hashed assets cached for a year, the HTML shell never cached. */
async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // Decision 0035: pages prerendered by `npm run build` (scripts/prerender.ts), path -> file in prerendered/.
  const prerendered = readPrerenderedPages(root);
  // Decision 0039: of those, the pages whose first screen needs the server's answers, drawn per request.
  const renderer = loadPageRenderer(root, app.log);
  if (hasBuild) {
    const setHeaders = (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    };
    // Issue 17 item 6 (decision 0036): the few files at the root get a route each, as before; the
    // hashed assets (well over a hundred) are one `/assets/*` route instead of two routes per file,
    // which cost start-up a glob and several hundred routes. A missing asset still ends in the
    // not-found handler's JSON 404 (decision 0009).
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // prerendered/ holds page templates and the server's page renderer (decision 0039): they are
      // sent through the not-found handler below, never as files of their own.
      globIgnore: ['assets/**', 'prerendered/**'],
      index: false,
      // Off, or @fastify/static writes its own `max-age=0` over the headers set below.
      cacheControl: false,
      setHeaders,
    });
    const assets = path.join(root, 'assets');
    if (fs.existsSync(assets)) {
      await app.register(fastifyStatic, {
        root: assets,
        prefix: '/assets/',
        wildcard: true,
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders,
      });
    }
  }
  // Issue 10 item 25: every GET (or HEAD) of a page gets the shell, whatever its Accept says (curl sends
  // */*); API paths, other methods and missing hashed files keep the JSON 404 (decision 0009).
  const notAPage = /^\/(api|auth|healthz|readyz|metrics|assets)(\/|$)|^\/[^/]+\/(api|worker)(\/|$)/;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // The router matches the decoded path (/%61pi/x is /api/x), so the test reads it decoded too.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || notAPage.test(decodedPath(pathname))) {
      throw new DomainError('not_found', `No such route: ${request.method} ${pathname}`);
    }
    if (!hasBuild) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    // A prerendered page arrives with its content; it is rendered without a query, so an address with
    // one (the checker's ?type=&id=) gets the shell. Other client-side routes (React Router) all start
    // from the same HTML shell.
    const withQuery = request.url.includes('?');
    const page = withQuery ? undefined : prerendered.get(pathname);
    // Decision 0039: drawn per request, also a page with an id in its path (it has no built page of its own).
    if (!withQuery && renderer?.has(pathname)) {
      const html = await renderer.render(app, request, pathname);
      // It carries this visitor's answers (who they are, their lists): no cache may keep it or hand it on.
      if (html) return reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(html);
    }
    return reply.header('cache-control', 'no-cache').sendFile(page ? `prerendered/${page}` : 'index.html');
  });
}

function readPrerenderedPages(root: string): Map<string, string> {
  const index = path.join(root, 'prerendered', 'pages.json');
  if (!fs.existsSync(index)) return new Map();
  const pages = JSON.parse(fs.readFileSync(index, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(pages).filter(([, file]) => /^[\w-]+\.html$/.test(file)));
}

/** A path with its %-escapes decoded; one that does not decode (a stray %) is read as it is. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
