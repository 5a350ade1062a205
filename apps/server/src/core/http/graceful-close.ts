import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 10 item 13, issue 12 item 4: app.close() (main.ts on SIGTERM) stops accepting connections and
 * waits for the requests in flight, PDFs included; only then do onClose hooks run, so Chromium closes
 * after the last answer. Answers sent while closing end their connection (`Connection: close`), or an
 * idle keep-alive socket would hold the exit for HTTP_KEEP_ALIVE_TIMEOUT_MS.
 *
 * Connections with no request in flight are ended, not destroyed. Node's own `server.close()` calls
 * `closeIdleConnections()`, which destroys every socket whose response has been ended, even while that
 * response's bytes are still queued in the process for a slow reader: the client then reads a cut PDF
 * ("other side closed" at ~29 KB, seen on a busy machine when a print finished at the moment of
 * SIGTERM). Here that method ends only sockets with nothing in flight, and a socket whose last answer
 * is written out while closing is ended then. end() sends what is queued first. The app is created
 * with `forceCloseConnections: false`, so Fastify does not destroy them either.
 */
export function closeConnectionsGracefully(app: FastifyInstance): void {
  const inFlight = new Map<Socket, number>();
  const open = new Set<Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      inFlight.delete(socket);
    });
  });
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    // 'close' on the response comes once its bytes have left the process (or the client went away).
    reply.raw.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      if (left > 0) inFlight.set(socket, left);
      else {
        inFlight.delete(socket);
        if (closing) socket.end();
      }
    });
    done();
  });

  const endIdleSockets = () => {
    for (const socket of open) if (!inFlight.has(socket)) socket.end();
  };
  app.server.closeIdleConnections = endIdleSockets;
  app.addHook('preClose', (done) => {
    closing = true;
    endIdleSockets();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
