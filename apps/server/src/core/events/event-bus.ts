import { EventEmitter } from 'node:events';
import type pg from 'pg';

export interface GuildhallEvent {
  topic: string;
  payload: unknown;
}

export type EventHandler = (event: GuildhallEvent) => void;

export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Subscribes to one topic, or to every topic with '*'. Returns the unsubscribe function. */
  subscribe(topic: string, handler: EventHandler): () => void;
  close(): Promise<void>;
}

class LocalEventBus implements EventBus {
  protected readonly emitter = new EventEmitter();
  constructor() {
    // One listener per open live view (SSE connection); there may be many.
    this.emitter.setMaxListeners(0);
  }
  async publish(topic: string, payload: unknown): Promise<void> {
    this.deliver({ topic, payload });
  }
  protected deliver(event: GuildhallEvent): void {
    this.emitter.emit(event.topic, event);
    this.emitter.emit('*', event);
  }
  subscribe(topic: string, handler: EventHandler): () => void {
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** In-process change feed: enough for one server process (SQLite). */
export function createLocalEventBus(): EventBus {
  return new LocalEventBus();
}

/**
 * ARCHITECTURE.md §2 core/events: on PostgreSQL several server processes share one database, so a
 * change made through one must reach live views served by another. Every publish goes through
 * NOTIFY and every process (this one included) delivers what it hears on LISTEN.
 */
class PostgresEventBus extends LocalEventBus {
  private listener: pg.PoolClient | null = null;
  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
  ) {
    super();
  }
  async start(): Promise<void> {
    const client = await this.pool.connect();
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      try {
        this.deliver(JSON.parse(message.payload) as GuildhallEvent);
      } catch {
        // A foreign or truncated payload on our channel is ignored rather than crashing listeners.
      }
    });
    await client.query(`LISTEN ${this.channel}`);
    this.listener = client;
  }
  override async publish(topic: string, payload: unknown): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [this.channel, JSON.stringify({ topic, payload })]);
  }
  override async close(): Promise<void> {
    await super.close();
    if (this.listener) {
      await this.listener.query(`UNLISTEN ${this.channel}`).catch(() => undefined);
      this.listener.release();
      this.listener = null;
    }
  }
}

export async function createPostgresEventBus(pool: pg.Pool, channel = 'guildhall_events'): Promise<EventBus> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid NOTIFY channel name: ${channel}`);
  const bus = new PostgresEventBus(pool, channel);
  await bus.start();
  return bus;
}
