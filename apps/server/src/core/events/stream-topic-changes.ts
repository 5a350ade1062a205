import type { ServerResponse } from 'node:http';
import type { AppContext } from '../context';

const HEARTBEAT_MS = 25_000;

/**
 * One live view as server-sent events (ARCHITECTURE.md §7), fed by core/events (LISTEN/NOTIFY on
 * PostgreSQL, so every process hears): each payload on `topic` that `toChange` keeps goes out as an
 * `event: change`; `reload` goes out after the bus resynced (issue 10 item 12: changes were lost while
 * it reconnected); a draining process sends `event: reconnect` and ends the stream (issue 12 item 4),
 * so the browser's EventSource reconnects through the load balancer. Returns the function that stops it.
 */
export function streamTopicChanges<Change>(
  deps: Pick<AppContext, 'events' | 'readiness'>,
  raw: ServerResponse,
  stream: { topic: string; toChange: (payload: unknown) => Change | null; reload: Change },
): () => void {
  // Set one by one, so the answer's type can still be read (decision 0044: a stream is never a slow answer).
  raw.setHeader('content-type', 'text/event-stream; charset=utf-8');
  raw.setHeader('cache-control', 'no-cache, no-transform');
  raw.setHeader('connection', 'keep-alive');
  raw.setHeader('x-accel-buffering', 'no');
  raw.writeHead(200);
  raw.write('retry: 3000\n: connected\n\n');
  const send = (change: Change) => raw.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
  const unsubscribe = deps.events.subscribe(stream.topic, (event) => {
    const change = stream.toChange(event.payload);
    if (change) send(change);
  });
  const stopResync = deps.events.onResync(() => send(stream.reload));
  // Proxies close quiet connections; a comment line keeps this one open.
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let stopped = false;
  // Set below; a stream opened while the process already drains is told to reconnect at once.
  let stopDrain: () => void = () => undefined;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(heartbeat);
    unsubscribe();
    stopResync();
    stopDrain();
    if (!raw.writableEnded) raw.end();
  };
  stopDrain = deps.readiness.onDrain(() => {
    if (!raw.writableEnded) raw.write('event: reconnect\ndata: {}\n\n');
    stop();
  });
  raw.on('close', stop);
  return stop;
}
