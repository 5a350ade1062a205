import type { AppContext } from '../context';
import { AUTH_TOPIC, type AuthEvent } from './auth-events';
import type { GrantRole } from './grant-store';
import type { Session } from './session-store';

/**
 * How often an open answer checks its access when no event says anything: the session's expiry is
 * seen by then, and so is a revoke made by another process that shares the database but not the
 * event bus (the CLI against SQLite).
 */
export const ACCESS_RECHECK_MS = 15_000;

export interface WatchedAccess {
  /** The token the request was authenticated with (cookie or bearer). */
  token: string;
  session: Session;
  /** The grant the answer needs (ARCHITECTURE.md §4). */
  role: GrantRole;
}

/**
 * Issue 10 item 3: a long-lived answer (a server-sent event stream) was authorised once, when it
 * started. This checks that authority again whenever the session store or the grant store announce
 * a change for its person (core/events, so every process hears it on PostgreSQL), when the bus says
 * events may have been missed, and every ACCESS_RECHECK_MS; `onLost` is called once, when the
 * session has ended (logout, expiry) or the grant is gone. Answers the function that stops watching.
 */
export function watchAccess(
  ctx: Pick<AppContext, 'events' | 'sessions' | 'grants' | 'now'>,
  access: WatchedAccess,
  onLost: () => void,
): () => void {
  let stopped = false;
  let queue = Promise.resolve();

  const stillAllowed = async (): Promise<boolean> => {
    if (ctx.now() >= access.session.expiresAt) return false;
    const session = await ctx.sessions.find(access.token);
    return session !== null && (await ctx.grants.has(session.subject, access.role));
  };
  // One check at a time, in order; a failed read ends the answer too (the client reconnects and is
  // answered like any new call).
  const recheck = () => {
    queue = queue.then(async () => {
      if (stopped) return;
      const allowed = await stillAllowed().catch(() => false);
      if (!allowed && !stopped) {
        stop();
        onLost();
      }
    });
  };

  const unsubscribe = ctx.events.subscribe(AUTH_TOPIC, (event) => {
    const change = event.payload as AuthEvent;
    const subject = change.kind === 'session.ended' ? change.subject : change.discordId;
    if (subject === access.session.subject) recheck();
  });
  const stopResync = ctx.events.onResync(recheck);
  const timer = setInterval(recheck, ACCESS_RECHECK_MS);
  timer.unref();

  function stop() {
    stopped = true;
    clearInterval(timer);
    unsubscribe();
    stopResync();
  }
  return stop;
}
