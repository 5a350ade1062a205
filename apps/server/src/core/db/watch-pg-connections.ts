import type pg from 'pg';
import { poolSettings } from './pool-settings';

/** Where the watch says which connection it ended and why; the app's pino logger fits. */
export interface PgWatchLog {
  warn(details: object, message: string): void;
}

/**
 * Decision 0049: a query still waiting after one look, with not a byte arrived since, is checked at the
 * next, so a connection that went silent mid-query is found 10-20 s after (plus up to twice the connect
 * timeout when the server cannot be reached).
 */
export const PG_LIVENESS_CHECK_MS = 10_000;

/**
 * The server's side of it (decision 0049): PostgreSQL ends a session whose transaction sat idle this
 * long. A process stalled, cut off or gone mid-transaction would otherwise hold its row and advisory
 * locks, and every other process wanting them would wait, for as long as the server took to notice.
 */
export const PG_IDLE_IN_TRANSACTION_MS = 60_000;

// Each new connection, in one round trip: its backend's pid (compared with the key data it was given)
// and the session's settings. The TCP keepalives make the server probe an idle connection after 30 s
// and drop it after three unanswered probes 10 s apart: a process gone without a word (a machine lost
// with its network) held a session-level lock, the migrations' say, for the OS default of two hours.
const SESSION_SETUP = `select pg_backend_pid() as pid,
  set_config('idle_in_transaction_session_timeout', $1, false),
  set_config('tcp_keepalives_idle', '30', false),
  set_config('tcp_keepalives_interval', '10', false),
  set_config('tcp_keepalives_count', '3', false)`;

export interface PgWatchOptions {
  /** How often the pool's clients are looked at; a query still waiting at the next look is checked. */
  checkMs: number;
  /** How long the check waits to connect, and then for its answer, before calling the server unreachable. */
  connectTimeoutMs: number;
  /** Which connections may be checked (pgSessions: the pool's own set-up tells). */
  sessions: PgSessions;
  log: PgWatchLog;
}

export interface PgSessionOptions {
  /** How long the server lets a transaction sit idle before it ends the session (PG_IDLE_IN_TRANSACTION_MS). */
  idleInTransactionMs: number;
  /** How long the set-up may wait for its answer, as a connect does (PG_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  log: PgWatchLog;
}

/** Each new connection's set-up, run by the pool before it hands the connection out. */
export interface PgSessions {
  /**
   * The pool's `onConnect` (pg-pool awaits it). Fails only when the connection itself is lost; one the
   * server refused the set-up on goes out unwatched.
   */
  onConnect(client: pg.ClientBase): Promise<void>;
  /** True for a connection whose backend pg_stat_activity knows by the pid it was given (not behind a pooler). */
  watchable(client: pg.ClientBase): boolean;
}

export interface PgWatch {
  /** Checks made so far (each asks the server about every query that has waited a whole interval). */
  readonly checks: number;
  stop(): void;
}

// pg keeps the query a client is waiting on in `_activeQuery` (its public getter is deprecated and
// warns). Read only by this file; watch-pg-connections.int.test.ts fails if a pg upgrade moves it.
type WatchedClient = pg.PoolClient & { _activeQuery?: object | null; processID?: number | null };

/** A client's socket (pg's `connection.stream`): bytes read so far, and a way to cut it. */
const socketOf = (client: pg.ClientBase) =>
  (client as unknown as { connection?: { stream?: { bytesRead?: number; destroyed?: boolean; destroy(): void } } }).connection?.stream;

/** What a client was waiting on at a look, and how much it had read by then. */
interface Look {
  query: object;
  bytesRead: number;
}

/** What the server says of a backend: running our query, not running it, or unknown. */
type BackendState = 'running' | 'not running' | 'unknown';

// A failure of the check's own connection that says the server cannot be reached: timeouts, refusals
// and resets. Others (out of file descriptors, a DNS hiccup, TLS) say nothing of the server.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
const UNREACHABLE_MESSAGES = new Set([
  // pg's connect timeout, as the connect promise and as the connection's end tell it.
  'timeout expired',
  'Connection terminated due to connection timeout',
  'Query read timeout',
  'Connection terminated unexpectedly',
]);

/** True when the check's failure means the server cannot be reached (not a refusal of its own, not a local fault). */
export function meansUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return UNREACHABLE_CODES.has(code);
  return error instanceof Error && UNREACHABLE_MESSAGES.has(error.message);
}

const BACKENDS = 'select pid, state, wait_event from pg_stat_activity where pid = any($1::int[]) and pid <> pg_backend_pid()';

function stateOf(row: { state: string | null; wait_event: string | null } | undefined): BackendState {
  // Gone: the server restarted, or failed over to a machine that never had it.
  if (!row) return 'not running';
  // Blocked writing to us while not a byte reached us for a whole interval: the path between is broken.
  if (row.state === 'active') return row.wait_event === 'ClientWrite' ? 'not running' : 'running';
  // Idle, or idle in a transaction: it answered, or never got the query. 'disabled' (track_activities
  // off) or hidden: the server does not say.
  return row.state === null || row.state === 'disabled' ? 'unknown' : 'not running';
}

/**
 * Decision 0049: each new connection, before the pool hands it out, reads its backend's pid and sets the
 * session up (SESSION_SETUP). Awaited by the pool (its `onConnect`): sent beside the caller's first
 * query it queued on a busy client, which pg 8 warns of once per process and pg 9 refuses. Bounded as a
 * connect is: a connection that goes silent here is cut, and the caller's query fails as an outage.
 */
export function pgSessions(options: PgSessionOptions): PgSessions {
  const watchable = new WeakSet<pg.ClientBase>();
  return {
    async onConnect(client) {
      let cut = false;
      const silent = setTimeout(() => {
        cut = true;
        socketOf(client)?.destroy();
      }, options.connectTimeoutMs);
      silent.unref();
      try {
        const { rows } = await client.query<{ pid: number }>(SESSION_SETUP, [String(options.idleInTransactionMs)]);
        // Behind a pooler (PgBouncer, RDS Proxy) the key data is the pooler's, and pg_stat_activity knows
        // no such backend: such a connection is never watched rather than always found gone.
        if (rows[0]?.pid === (client as WatchedClient).processID) watchable.add(client);
      } catch (error) {
        // A connection lost here is thrown: pg-pool drops it and fails the caller with the error, an
        // outage (503). One the server answered with a refusal of the set-up still serves, unwatched.
        if (socketOf(client)?.destroyed) {
          if (cut)
            options.log.warn(
              { pid: (client as WatchedClient).processID },
              'database: a new PostgreSQL connection did not answer its set-up; closed it',
            );
          throw error;
        }
        options.log.warn({ err: error }, 'database: could not set up a PostgreSQL session; it is not watched');
      } finally {
        clearTimeout(silent);
      }
    },
    watchable: (client) => watchable.has(client),
  };
}

/**
 * Decision 0049: a query on a connection that went silent (a network that drops packets, a database
 * that failed over to another machine and left its old address unanswered) gets no answer and no
 * reset: without this it waited as long as TCP does, a quarter of an hour, holding its request and a
 * pool slot. Every `checkMs` the pool's clients are looked at. A client waiting on the same query as
 * at the last look, with not a byte read since, is checked on a connection of its own: if PostgreSQL is
 * not running that query (its backend is idle, or gone), or cannot be reached at all, the connection
 * is destroyed. The query then fails as an outage (`Connection terminated unexpectedly`, answered 503),
 * and the pool drops the client. A query PostgreSQL is running (a long import, a lock wait) is left
 * alone, as is one whose answer is still arriving: there is no statement timeout (decision 0048).
 * Nothing runs per query; an idle pool costs a look at its clients.
 */
export function watchPgConnections(pool: pg.Pool, options: PgWatchOptions, Client: typeof pg.Client): PgWatch {
  const clients = new Set<WatchedClient>();
  const lastLook = new WeakMap<WatchedClient, Look>();
  pool.on('connect', (client) => void clients.add(client as WatchedClient));
  pool.on('remove', (client) => void clients.delete(client as WatchedClient));
  let checks = 0;
  let checking = false;
  let stopped = false;

  /** What the server says of each backend; null when it cannot be asked for a reason of its own or ours. */
  async function backendStates(pids: number[]): Promise<Map<number, BackendState> | 'unreachable' | null> {
    const probe = new Client({
      ...poolSettings(pool),
      connectionTimeoutMillis: options.connectTimeoutMs,
      query_timeout: options.connectTimeoutMs,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      const { rows } = await probe.query<{ pid: number; state: string | null; wait_event: string | null }>(BACKENDS, [pids]);
      return new Map(pids.map((pid) => [pid, stateOf(rows.find((row) => row.pid === pid))]));
    } catch (error) {
      return meansUnreachable(error) ? 'unreachable' : null;
    } finally {
      // A goodbye the server does not answer would hold the socket open: it is cut after the connect timeout.
      void probe.end().catch(() => undefined);
      setTimeout(() => socketOf(probe)?.destroy(), options.connectTimeoutMs).unref();
    }
  }

  async function check(): Promise<void> {
    const waiting: Array<[WatchedClient, Look]> = [];
    for (const client of clients) {
      const query = client._activeQuery ?? null;
      const look = query ? { query, bytesRead: socketOf(client)?.bytesRead ?? 0 } : null;
      const last = lastLook.get(client);
      // The same query as a whole interval ago, and not a byte since (a big answer still arriving moves it).
      if (look && last?.query === look.query && last.bytesRead === look.bytesRead && options.sessions.watchable(client))
        waiting.push([client, look]);
      if (look) lastLook.set(client, look);
      else lastLook.delete(client);
    }
    if (!waiting.length) return;
    checks++;
    const states = await backendStates(waiting.map(([client]) => client.processID!));
    if (!states || stopped) return;
    for (const [client, look] of waiting) {
      // Answered, or answering, while the check ran.
      if (client._activeQuery !== look.query || (socketOf(client)?.bytesRead ?? 0) !== look.bytesRead) continue;
      const state = states === 'unreachable' ? 'unreachable' : states.get(client.processID!);
      if (state === 'running' || state === 'unknown') continue;
      options.log.warn(
        { pid: client.processID, reason: state === 'unreachable' ? 'server unreachable' : 'not running on the server' },
        'database: a PostgreSQL connection stopped answering; closed it',
      );
      socketOf(client)?.destroy();
    }
  }

  const timer = setInterval(() => {
    // One check at a time: an unreachable server makes one wait its connect timeout.
    if (checking) return;
    checking = true;
    void check()
      .catch(() => undefined)
      .finally(() => (checking = false));
  }, options.checkMs);
  timer.unref();
  return {
    get checks() {
      return checks;
    },
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
