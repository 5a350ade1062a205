// 001 §8 'Database not initialized.': an outage is the server's state, not a bug, so it answers 503
// and the pages can say so. Connection failures (network codes; PostgreSQL class 08, 57P0x shutdowns,
// 53300 too many connections), a database taking no writes (PostgreSQL 25006 on a standby a failover
// left us on; SQLite READONLY, a disk remounted read-only) and SQLite's busy, locked, cannot-open, I/O
// and disk-full errors.
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '25006',
]);

// Decision 0048: pg and pg-pool name a connection that timed out or dropped by their message alone,
// with no code. The last is what a transaction's ROLLBACK (or COMMIT) on such a connection says.
const CONNECTION_LOST_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
]);

/** True for an error that says the database cannot be reached right now (answered 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === undefined && error instanceof Error) return CONNECTION_LOST_MESSAGES.has(error.message);
  if (typeof code !== 'string') return false;
  return DATABASE_DOWN_CODES.has(code) || code.startsWith('08') || /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY)/.test(code);
}
