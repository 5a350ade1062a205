import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Requests in flight on a socket, kept on the socket itself (decision 0040: no map, no listener per request).
const IN_FLIGHT = Symbol('guildhall.requestsInFlight');
type TrackedSocket = Socket & { [IN_FLIGHT]?: number };

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
  const open = new Set<TrackedSocket>();
  let closing = false;
  app.server.on('connection', (socket: TrackedSocket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const socket = request.raw.socket as TrackedSocket;
    socket[IN_FLIGHT] = (socket[IN_FLIGHT] ?? 0) + 1;
    done();
  });
  // Fastify runs onResponse on the answer's 'finish' (its bytes handed to the socket; a hijacked event
  // stream's too), on the listener it sets for every request anyway. A request whose client went away
  // first never gets here, and needs not: its socket is closed and out of `open`.
  app.addHook('onResponse', (request, _reply, done) => {
    const socket = request.raw.socket as TrackedSocket;
    const left = (socket[IN_FLIGHT] ?? 1) - 1;
    socket[IN_FLIGHT] = left;
    if (left === 0 && closing) socket.end();
    done();
  });

  const endIdleSockets = () => {
    for (const socket of open) if (!socket[IN_FLIGHT]) socket.end();
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
