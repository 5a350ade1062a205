import { sql, type Kysely } from 'kysely';

/** Transactions still held: released before the app closes, so a failed test does not hang there. */
const held: Array<() => void> = [];

/** Releases every transaction `holdTransaction` still holds (call it in `afterEach`). */
export function releaseHeld(): void {
  for (const release of held.splice(0)) release();
}

/**
 * Holds a transaction open on its own connection until `release` is called, so a test can put a real
 * concurrent writer exactly where a race needs it; `open` answers once `begin` has run.
 */
export function holdTransaction<DB, T>(db: Kysely<DB>, begin: (trx: Kysely<DB>) => Promise<T>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  held.push(release);
  let opened!: (value: T) => void;
  const open = new Promise<T>((resolve) => (opened = resolve));
  const done = db.transaction().execute(async (trx) => {
    opened(await begin(trx));
    await gate;
  });
  return { open, release, done };
}

/** Polls `check` until it holds (a lock waited on, a row written), failing after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** PostgreSQL: the backend a connection (or a held transaction) runs on. */
export async function backendPid<DB>(db: Kysely<DB>): Promise<number> {
  return (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
}

/** PostgreSQL: the backends waiting on a lock `pid` holds (the lock manager's own answer, not a guess by time). */
export async function blockedBy<DB>(db: Kysely<DB>, pid: number): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`.execute(db);
  return rows.map((r) => r.pid);
}
