import type { ServerResponse } from 'node:http';
import type { RecordsChangeEvent } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';
import { REGISTRY_TOPIC, type RegistryChange } from '@server/core/registry/registry-repository';

const HEARTBEAT_MS = 25_000;

/** What the records list needs of a registry change; bans and infractions do not change the list. */
export function toRecordsChange(change: RegistryChange): RecordsChangeEvent | null {
  switch (change.kind) {
    case 'pair.upserted':
      return { kind: 'pair.upserted', discordId: change.discordId, robloxId: change.robloxId };
    case 'pair.deleted':
      return { kind: 'pair.deleted', discordId: change.discordId };
    case 'imported':
      // A bulk import changes too much to send pair by pair: the page reloads its list.
      return { kind: 'reload' };
    default:
      return null;
  }
}

/**
 * 001 §4 "The Verification list is read live": server-sent events carrying each change
 * (ARCHITECTURE.md §7), fed by core/events (LISTEN/NOTIFY on PostgreSQL, so every process hears).
 * Returns the function that stops the stream.
 */
export function streamRegistryChanges(deps: Pick<AppContext, 'events' | 'readiness'>, raw: ServerResponse): () => void {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n: connected\n\n');
  const unsubscribe = deps.events.subscribe(REGISTRY_TOPIC, (event) => {
    const change = toRecordsChange(event.payload as RegistryChange);
    if (change) raw.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
  });
  // Issue 10 item 12: the bus lost changes while it reconnected, so the page reloads its list.
  const stopResync = deps.events.onResync(() =>
    raw.write(`event: change\ndata: ${JSON.stringify({ kind: 'reload' } satisfies RecordsChangeEvent)}\n\n`),
  );
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
  // Issue 12 item 4: a draining process sends its clients elsewhere: it says why and ends the stream,
  // and the browser's EventSource reconnects (after `retry`) through the load balancer.
  stopDrain = deps.readiness.onDrain(() => {
    if (!raw.writableEnded) raw.write('event: reconnect\ndata: {}\n\n');
    stop();
  });
  raw.on('close', stop);
  return stop;
}
