import net from 'node:net';

/** A TCP proxy to a database a test can cut: connections through it fail as on a network failure. */
export interface TcpProxy {
  /** The database's URL, through the proxy. */
  url: string;
  /** Destroys every open connection and refuses new ones until `restore()`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  let up = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!up) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    // One side gone takes the other with it, as a dropped network path would.
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const via = new URL(databaseUrl);
  via.hostname = '127.0.0.1';
  via.port = String((server.address() as net.AddressInfo).port);
  const cut = () => {
    up = false;
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: via.href,
    cut,
    restore: () => void (up = true),
    close: () => {
      cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
