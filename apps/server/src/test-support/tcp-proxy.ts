import net from 'node:net';

/** A TCP proxy to a database a test can cut or silence: connections through it fail as on a network failure. */
export interface TcpProxy {
  /** The database's URL, through the proxy. */
  url: string;
  /** Destroys every open connection and refuses new ones until `restore()`. */
  cut(): void;
  /**
   * Stops carrying bytes on every open connection without closing it, as a network that drops packets:
   * neither side hears a word or a reset, ever. With `andNew`, connections made from now on (until
   * `restore()`) are accepted and carry nothing either; with `andNew: 'after-startup'` they carry the
   * client's startup and the server's answer to it, then fall silent at the client's first query.
   */
  freeze(options?: { andNew?: boolean | 'after-startup' }): void;
  restore(): void;
  close(): Promise<void>;
}

export interface TcpProxyOptions {
  /**
   * A slow link: what the database sends is taken at once (it is done sending) and handed on at this
   * rate. Unset: as fast as it comes.
   */
  downstreamBytesPerSecond?: number;
}

export async function startTcpProxy(databaseUrl: string, options: TcpProxyOptions = {}): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  let up = true;
  let silent: boolean | 'after-startup' = false;
  const pairs = new Set<[net.Socket, net.Socket]>();
  const silence = ([client, upstream]: [net.Socket, net.Socket]) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const server = net.createServer((client) => {
    if (!up) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    for (const socket of pair) {
      socket.on('close', () => pairs.delete(pair));
      socket.on('error', () => undefined);
    }
    // One side gone takes the other with it, as a dropped network path would.
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    pairs.add(pair);
    if (silent === true) return silence(pair);
    if (silent === 'after-startup') {
      // Everything until the server's first ReadyForQuery (authentication included) goes through; the
      // client's next write is a query, and the pair falls silent there. Plain connections only (no TLS).
      const ready = readyForQuery();
      client.on('data', (chunk: Buffer) => void (ready.seen ? silence(pair) : upstream.write(chunk)));
      upstream.on('data', (chunk: Buffer) => {
        ready.read(chunk);
        client.write(chunk);
      });
      return;
    }
    client.pipe(upstream);
    if (options.downstreamBytesPerSecond) trickle(upstream, client, options.downstreamBytesPerSecond);
    else upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const via = new URL(databaseUrl);
  via.hostname = '127.0.0.1';
  via.port = String((server.address() as net.AddressInfo).port);
  const cut = () => {
    up = false;
    for (const pair of pairs) for (const socket of pair) socket.destroy();
  };
  return {
    url: via.href,
    cut,
    freeze: (options = {}) => {
      for (const pair of pairs) silence(pair);
      silent = options.andNew ?? false;
    },
    restore: () => {
      up = true;
      silent = false;
    },
    close: () => {
      cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Reads `from` as fast as it sends and writes what it sent to `to` at `bytesPerSecond`, in 50 ms steps. */
function trickle(from: net.Socket, to: net.Socket, bytesPerSecond: number): void {
  let queued = Buffer.alloc(0);
  from.on('data', (chunk: Buffer) => void (queued = Buffer.concat([queued, chunk])));
  const step = setInterval(() => {
    const now = queued.subarray(0, Math.ceil(bytesPerSecond / 20));
    queued = queued.subarray(now.length);
    if (now.length) to.write(now);
  }, 50);
  to.on('close', () => clearInterval(step));
}

/**
 * Reads the server's side of a PostgreSQL connection after the startup message: messages are a type
 * byte and a 32-bit length (counting itself). `seen` once a ReadyForQuery ('Z') has gone by.
 */
function readyForQuery(): { seen: boolean; read(chunk: Buffer): void } {
  let pending = Buffer.alloc(0);
  const state = {
    seen: false,
    read(chunk: Buffer) {
      pending = Buffer.concat([pending, chunk]);
      while (!state.seen && pending.length >= 5) {
        const length = pending.readUInt32BE(1);
        if (pending.length < 1 + length) return;
        if (pending[0] === 0x5a) state.seen = true;
        pending = pending.subarray(1 + length);
      }
    },
  };
  return state;
}
