import net from 'node:net';

/**
 * A port the OS says is free right now. The server must know its port before it starts (PUBLIC_URL
 * is the OAuth redirect), so it cannot listen on port 0; stack.ts retries if another process takes
 * the port in between.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') return reject(new Error('no TCP address'));
      server.close(() => resolve(address.port));
    });
  });
}
