import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { usePrettyLogs } from './log-format';
import { redactDatabaseUrl, startupLines } from './startup-summary';

describe('start-up lines (issue 12 item 8)', () => {
  it('never show the database password, nor the URL query', () => {
    expect(redactDatabaseUrl('postgres://guild:s3cret@db.internal:5432/guildhall?sslmode=require&password=x')).toBe(
      'postgres://guild:***@db.internal:5432/guildhall',
    );
    expect(redactDatabaseUrl('postgres://guild@db.internal/guildhall')).toBe('postgres://guild@db.internal/guildhall');
  });

  it('say the URL, the database, whether demo data was seeded, and the tools', () => {
    const config = loadConfig({ PORT: '4100', DATABASE_URL: 'postgres://guild:s3cret@db:5432/g', ENABLED_TOOLS: 'bureau,sports' });
    const lines = startupLines({ config, dialect: 'postgres', sqliteFile: 'unused', demoSeeded: false, metrics: null }).map(
      (l) => l.message,
    );
    expect(lines).toEqual([
      'Guildhall is running at http://localhost:4100',
      'Database: postgres postgres://guild:***@db:5432/g',
      'Demo data: not seeded (database already has data)',
      'Tools: bureau, sports; development sign-in on; metrics off',
    ]);
    const sqlite = startupLines({
      config,
      dialect: 'sqlite',
      sqliteFile: 'data/guildhall.sqlite',
      demoSeeded: true,
      metrics: 'http://127.0.0.1:9100/metrics',
    });
    expect(sqlite.map((l) => l.message)).toEqual([
      'Guildhall is running at http://localhost:4100',
      'Database: sqlite data/guildhall.sqlite',
      'Demo data: seeded now (demo accounts, see the README)',
      'Tools: bureau, sports; development sign-in on; metrics http://127.0.0.1:9100/metrics',
    ]);
    expect(JSON.stringify(sqlite)).not.toContain('s3cret');
  });

  it('choose pretty lines outside production at a terminal, JSON otherwise, unless LOG_FORMAT says', () => {
    const dev = loadConfig({});
    const prod = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://guild.example' });
    expect(usePrettyLogs(dev, true)).toBe(true);
    expect(usePrettyLogs(dev, false)).toBe(false);
    expect(usePrettyLogs(prod, true)).toBe(false);
    expect(usePrettyLogs(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://guild.example', LOG_FORMAT: 'pretty' }), false)).toBe(
      true,
    );
    expect(usePrettyLogs(loadConfig({ LOG_FORMAT: 'json' }), true)).toBe(false);
  });
});
