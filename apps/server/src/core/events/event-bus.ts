import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { PG_LIVENESS_CHECK_MS } from '../db/watch-pg-connections';

export interface GuildhallEvent {
  topic: string;
  payload: unknown;
}

export type EventHandler = (event: GuildhallEvent) => void;

export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Subscribes to one topic, or to every topic with '*'. Returns the unsubscribe function. */
  subscribe(topic: string, handler: EventHandler): () => void;
  /**
   * Hears that events may have been missed (the bus lost its connection and is back): whatever a
   * subscriber keeps up to date from events should be read afresh. Returns the unsubscribe function.
   */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

/** Where the bus reports its connection's fate; the app's pino logger fits. */
export interface EventBusLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const RESYNC = Symbol('resync');
/** The NOTIFY that tells every process to resync (decision 0047); no change is ever published on it. */
const RESYNC_TOPIC = 'guildhall.resync';

class LocalEventBus implements EventBus {
  protected readonly emitter = new EventEmitter();
  constructor() {
    // One listener per open live view (SSE connection); there may be many.
    this.emitter.setMaxListeners(0);
  }
  async publish(topic: string, payload: unknown): Promise<void> {
    try {
      this.deliver({ topic, payload });
    } catch (error) {
      // Decision 0047: a listener that threw stopped the change reaching the ones after it.
      this.resync();
      throw error;
    }
  }
  protected deliver(event: GuildhallEvent): void {
    this.emitter.emit(event.topic, event);
    this.emitter.emit('*', event);
  }
  subscribe(topic: string, handler: EventHandler): () => void {
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }
  onResync(handler: () => void): () => void {
    this.emitter.on(RESYNC, handler);
    return () => this.emitter.off(RESYNC, handler);
  }
  /** Each handler on its own: one that throws must not leave the others stale, nor reach the caller. */
  protected resync(): void {
    for (const handler of this.emitter.listeners(RESYNC) as Array<() => void>) {
      try {
        handler();
      } catch {
        // That subscriber's own failure; the rest still read afresh.
      }
    }
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** In-process change feed: enough for one server process (SQLite). */
export function createLocalEventBus(): EventBus {
  return new LocalEventBus();
}

export interface PostgresEventBusOptions {
  log?: EventBusLog;
  /** Wait before the first reconnect attempt, doubled after each failure up to maxRetryDelayMs. */
  firstRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** How often the LISTEN connection is asked a small query, so a silent one is found (decision 0049). */
  pingIntervalMs?: number;
}

/** The log when none is given: stderr. */
export const stderrEventBusLog: EventBusLog = {
  info: (details, message) => console.warn(message, details),
  warn: (details, message) => console.warn(message, details),
};

/**
 * ARCHITECTURE.md §2 core/events: on PostgreSQL several server processes share one database, so a
 * change made through one must reach live views served by another. Every publish goes through
 * NOTIFY and every process (this one included) delivers what it hears on LISTEN.
 *
 * Issue 10 item 12: the LISTEN connection can be lost (server restart, pg_terminate_backend, network).
 * The loss is logged, the bus connects and LISTENs again with exponential backoff, and then tells
 * its subscribers to resync, since NOTIFYs sent while nobody listened are gone.
 */
class PostgresEventBus extends LocalEventBus {
  private listener: pg.PoolClient | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private resyncTimer: NodeJS.Timeout | null = null;
  /** Decision 0047: a change was not carried since the last resync NOTIFY went out. */
  private resyncOwed = false;
  private resyncSending = false;
  /** A client goes back to the pool once: releasing twice throws (a close racing a loss would). */
  private readonly released = new WeakSet<pg.PoolClient>();
  private closed = false;
  private readonly log: EventBusLog;
  private readonly firstRetryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly pingTimer: NodeJS.Timeout;
  private pinging = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    options: PostgresEventBusOptions,
  ) {
    super();
    this.log = options.log ?? stderrEventBusLog;
    this.firstRetryDelayMs = options.firstRetryDelayMs ?? 100;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.pingTimer = setInterval(() => this.ping(), options.pingIntervalMs ?? PG_LIVENESS_CHECK_MS);
    this.pingTimer.unref();
  }

  /**
   * Decision 0049: a LISTEN connection sends nothing of its own, so one that went silent (a network
   * dropping packets) would never fail, and the NOTIFYs would stop without a word. A small query on it
   * now and then is one the database's watch (core/db/watch-pg-connections.ts) sees go unanswered: it
   * closes the connection, and the loss is handled as any other (reconnect, then resync).
   */
  private ping(): void {
    const client = this.listener;
    if (!client || this.pinging) return;
    this.pinging = true;
    client
      .query('select 1')
      .catch(() => undefined)
      .finally(() => (this.pinging = false));
  }

  /** Connects and LISTENs; throws if that fails (start-up must not pretend to hear). */
  async start(): Promise<void> {
    const client = await this.pool.connect();
    // Without an 'error' listener a dropped connection is an unhandled 'error' event: the process dies.
    client.on('error', (error) => this.connectionLost(client, error));
    client.on('end', () => this.connectionLost(client, undefined));
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      let event: Partial<GuildhallEvent> | null;
      try {
        event = JSON.parse(message.payload) as Partial<GuildhallEvent> | null;
      } catch {
        // A foreign or truncated payload on our channel is ignored rather than crashing listeners.
        return;
      }
      if (typeof event?.topic !== 'string') return;
      if (event.topic === RESYNC_TOPIC) return this.resync();
      // Thrown here, inside pg's socket handler, a listener's error would end the process; and the
      // listeners after it missed the change, so they read afresh (decision 0047).
      try {
        this.deliver(event as GuildhallEvent);
      } catch {
        this.resync();
      }
    });
    try {
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      this.release(client, error as Error);
      throw error;
    }
    if (this.closed) {
      this.release(client);
      return;
    }
    this.listener = client;
  }

  /** Ends the connection: it leaves the pool instead of being handed out again, LISTEN and all. */
  private release(client: pg.PoolClient, error?: Error): void {
    if (this.released.has(client)) return;
    this.released.add(client);
    client.release(error ?? true);
  }

  private connectionLost(client: pg.PoolClient, error: Error | undefined): void {
    // Only the live listener's loss matters (once: 'error' is followed by 'end'); a released one is gone on purpose.
    if (this.listener !== client) return;
    this.listener = null;
    this.release(client, error);
    if (this.closed) return;
    this.log.warn({ err: error, channel: this.channel }, 'event bus: the LISTEN connection was lost; reconnecting');
    this.scheduleReconnect(1, this.firstRetryDelayMs);
  }

  /** The wait after a failed try: firstRetryDelayMs, doubled each time up to maxRetryDelayMs. */
  private nextRetryDelay(delayMs: number): number {
    return Math.min(Math.max(delayMs * 2, this.firstRetryDelayMs), this.maxRetryDelayMs);
  }

  private scheduleReconnect(attempt: number, delayMs: number): void {
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.start().then(
        () => {
          if (this.closed) return;
          this.log.info({ channel: this.channel, attempt }, 'event bus: listening again; subscribers resync');
          this.resync();
        },
        (error: unknown) => {
          if (this.closed) return;
          const next = this.nextRetryDelay(delayMs);
          this.log.warn({ err: error, channel: this.channel, attempt, nextRetryMs: next }, 'event bus: reconnecting failed; will retry');
          this.scheduleReconnect(attempt + 1, next);
        },
      );
    }, delayMs);
    // A pending retry never keeps a stopping process alive.
    this.retryTimer.unref();
  }

  override async publish(topic: string, payload: unknown): Promise<void> {
    try {
      await this.notify({ topic, payload });
    } catch (error) {
      this.resyncOwed = true;
      if (!this.resyncSending) this.sendResync(1, 0);
      throw error;
    }
  }

  private notify(event: GuildhallEvent): Promise<unknown> {
    return this.pool.query('select pg_notify($1, $2)', [this.channel, JSON.stringify(event)]);
  }

  /**
   * Decision 0047: a change that was not carried (NOTIFY refused: the connection failed, or the change
   * was over PostgreSQL's 8,000-byte payload limit) is still in the database, so every process is told
   * to resync instead, its live views reading afresh. That small NOTIFY is sent at once and, while it
   * fails too, again with the reconnect's backoff (nextRetryDelay). A change that fails while one is on its way owes
   * another, sent after it: the one on its way may have been read before that change committed.
   */
  private sendResync(attempt: number, delayMs: number): void {
    if (this.closed) return;
    this.resyncSending = true;
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = null;
      this.resyncOwed = false;
      void this.notify({ topic: RESYNC_TOPIC, payload: null }).then(
        () => {
          this.resyncSending = false;
          if (this.closed) return;
          this.log.info({ channel: this.channel, attempt }, 'event bus: a change was not carried; every process resyncs');
          if (this.resyncOwed) this.sendResync(1, 0);
        },
        (error: unknown) => {
          this.resyncOwed = true;
          const next = this.nextRetryDelay(delayMs);
          if (!this.closed) {
            this.log.warn(
              { err: error, channel: this.channel, attempt, nextRetryMs: next },
              'event bus: could not ask for a resync; will retry',
            );
          }
          this.sendResync(attempt + 1, next);
        },
      );
    }, delayMs);
    // A pending resync never keeps a stopping process alive.
    this.resyncTimer.unref();
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.pingTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.resyncTimer) clearTimeout(this.resyncTimer);
    this.retryTimer = null;
    this.resyncTimer = null;
    await super.close();
    const client = this.listener;
    this.listener = null;
    if (client) this.release(client);
  }
}

export async function createPostgresEventBus(
  pool: pg.Pool,
  channel = 'guildhall_events',
  options: PostgresEventBusOptions = {},
): Promise<EventBus> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid NOTIFY channel name: ${channel}`);
  const bus = new PostgresEventBus(pool, channel, options);
  await bus.start();
  return bus;
}
