import type { Config } from '../../config';
import type { Dialect } from '../db/database';

export interface StartupFacts {
  config: Pick<Config, 'publicUrl' | 'HOST' | 'PORT' | 'DATABASE_URL' | 'DATA_DIR' | 'enabledTools' | 'devSignIn' | 'NODE_ENV'>;
  dialect: Dialect;
  sqliteFile: string;
  /** true: the demo data was seeded now; false: the database already had data; null: seeding is off. */
  demoSeeded: boolean | null;
  /** Where /metrics is served, or null when it is off. */
  metrics: string | null;
}

/**
 * Issue 12 item 8: what an operator reads first when the server starts: where it answers, which
 * database (its password never shown), whether demo data was seeded, which tools are on.
 */
export function startupLines(facts: StartupFacts): Array<{ details: Record<string, unknown>; message: string }> {
  const { config } = facts;
  const database = facts.dialect === 'postgres' ? `postgres ${redactDatabaseUrl(config.DATABASE_URL ?? '')}` : `sqlite ${facts.sqliteFile}`;
  const demo =
    facts.demoSeeded === null
      ? 'off'
      : facts.demoSeeded
        ? 'seeded now (demo accounts, see the README)'
        : 'not seeded (database already has data)';
  return [
    {
      details: { url: config.publicUrl, listen: `${config.HOST}:${config.PORT}`, env: config.NODE_ENV },
      message: `Guildhall is running at ${config.publicUrl}`,
    },
    { details: { database: facts.dialect }, message: `Database: ${database}` },
    { details: { demoData: facts.demoSeeded }, message: `Demo data: ${demo}` },
    {
      details: { tools: [...config.enabledTools], devSignIn: config.devSignIn, metrics: facts.metrics },
      message: `Tools: ${[...config.enabledTools].join(', ') || 'none'}; development sign-in ${config.devSignIn ? 'on' : 'off'}; metrics ${facts.metrics ?? 'off'}`,
    },
  ];
}

/** postgres://user:secret@host:5432/db?sslmode=require -> postgres://user:***@host:5432/db (no query). */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return '(unreadable URL)';
  }
}
