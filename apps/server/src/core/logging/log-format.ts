import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type * as PinoPrettyModule from 'pino-pretty';
import { lazyRequire } from '../lazy/lazy-require';
import type { Config, RequestLogMode } from '../../config';
import { clientLimitKey } from '../http/rate-limit-key';

// Issue 17 item 6: the one-line printer is for people at a terminal; JSON logs never load it.
const loadPinoPretty = lazyRequire<typeof PinoPrettyModule>('pino-pretty');

/**
 * Issue 12 item 8 (decision 0026): one-line text for a person at a terminal, JSON for machines.
 * LOG_FORMAT=pretty or json decides; `auto` is pretty outside production when stdout is a terminal.
 */
export function usePrettyLogs(config: Pick<Config, 'LOG_FORMAT' | 'isProduction'>, isTty = Boolean(process.stdout.isTTY)): boolean {
  if (config.LOG_FORMAT !== 'auto') return config.LOG_FORMAT === 'pretty';
  return !config.isProduction && isTty;
}

/**
 * The pretty destination: `12:04:05 INFO  Guildhall is running url=... database=...` on one line,
 * written synchronously (no worker thread), so it keeps pace with the process and its exit. Colours
 * only on a terminal.
 */
export function prettyLogStream(destination: Writable | NodeJS.WritableStream = process.stdout): Writable {
  return loadPinoPretty().PinoPretty({
    destination,
    sync: true,
    singleLine: true,
    colorize: destination === process.stdout && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  });
}

let stdoutDestination: ReturnType<typeof pino.destination> | null = null;

/**
 * Issue 17 item 2 (decision 0036): JSON lines to stdout, written in blocks of 4 KiB instead of one
 * write per line (the larger part of what a request line cost the checker), synchronously (no worker
 * thread to wake), at least once a second so a quiet server's lines are not held back, and on exit
 * (process.exit on SIGTERM, a crash). One destination per process, whatever number of apps it builds.
 */
export function bufferedStdout(): DestinationStream {
  if (!stdoutDestination) {
    const destination = pino.destination({ dest: 1, sync: true, minLength: 4096 });
    const flush = () => {
      try {
        destination.flushSync();
      } catch {
        // stdout gone (EPIPE): nothing left to write to.
      }
    };
    setInterval(flush, 1_000).unref();
    process.once('exit', flush);
    stdoutDestination = destination;
  }
  return stdoutDestination;
}

/**
 * Decision 0036: the one line per answered request (Fastify's own two are off), as an onResponse hook;
 * bench/checker-reference.ts adds the same hook when asked to carry the app's duties. Decision 0040:
 * written by the app's logger with the request id in it, the very line the request's own logger
 * would write, so that logger is never made for a request that writes nothing else (lazy-request-logger.ts).
 */
const writeRequestLine: onResponseHookHandler = (request, reply, done) => {
  writeLine(request, reply);
  done();
};

function writeLine(request: FastifyRequest, reply: FastifyReply): void {
  request.server.log.info(
    { reqId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
    'request completed',
  );
}

/** Decision 0044: an answer this slow is worth a line whatever it was. */
export const SLOW_ANSWER_MS = 1000;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Decision 0046: how many clients' refusals (429) a minute get a line before the rest are left out. */
export const REFUSED_CLIENTS_LOGGED_PER_MINUTE = 1000;

/**
 * Decision 0044: the lines worth reading in a production log: every write (a method other than GET,
 * HEAD or OPTIONS), every answer of 400 or more, and every answer slower than SLOW_ANSWER_MS, except an
 * event stream, which is open for as long as its page is. A read answered well and quickly (most of
 * the traffic, all of the busy public checker's) is counted by /metrics when it is on, not written.
 *
 * Decision 0046: a 429 says the client is sending too much, so a line for each one would let that
 * client write the log at the rate it floods: the first 429 a client (request.ip) gets in a minute is
 * written, the rest of that minute are not, and past REFUSED_CLIENTS_LOGGED_PER_MINUTE clients one
 * warning says that the others are left out too.
 */
function notableRequestLines(now: () => number): onResponseHookHandler {
  let minute = -1;
  const refusedThisMinute = new Set<string>();
  const firstRefusal = (request: FastifyRequest): boolean => {
    const current = Math.floor(now() / 60_000);
    if (current !== minute) {
      minute = current;
      refusedThisMinute.clear();
    }
    // A client already gone may have no address left to read.
    // Counted as the limits count it (an IPv6 client by its /64, decision 0062).
    const client = request.ip ? clientLimitKey(request) : 'unknown';
    // The set holds at most one client past the limit: the one that had the warning written.
    if (refusedThisMinute.has(client) || refusedThisMinute.size > REFUSED_CLIENTS_LOGGED_PER_MINUTE) return false;
    refusedThisMinute.add(client);
    if (refusedThisMinute.size <= REFUSED_CLIENTS_LOGGED_PER_MINUTE) return true;
    request.server.log.warn(
      { clients: REFUSED_CLIENTS_LOGGED_PER_MINUTE },
      'more clients were refused as too many this minute; their refusals are not logged until the next minute',
    );
    return false;
  };
  return (request, reply, done) => {
    const status = reply.statusCode;
    if (
      status === 429
        ? firstRefusal(request)
        : !READS.has(request.method) ||
          status >= 400 ||
          (reply.elapsedTime >= SLOW_ANSWER_MS && !String(reply.raw.getHeader('content-type')).startsWith('text/event-stream'))
    ) {
      writeLine(request, reply);
    }
    done();
  };
}

/** The onResponse hook that writes the request lines LOG_REQUESTS asks for, or null for none. */
export function requestLineHook(mode: RequestLogMode, now: () => number = Date.now): onResponseHookHandler | null {
  if (mode === 'none') return null;
  return mode === 'all' ? writeRequestLine : notableRequestLines(now);
}
