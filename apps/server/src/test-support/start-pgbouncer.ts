import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** A real PgBouncer (Debian's `pgbouncer`, scripts/install-system-deps.sh) in front of a database. */
export interface PgBouncer {
  /** The database's URL, through PgBouncer. */
  url: string;
  close(): Promise<void>;
}

const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => fs.existsSync(file)) ?? 'pgbouncer';

/**
 * Starts PgBouncer in transaction mode (the usual set-up) for `databaseUrl`, trusting every client as
 * the database trusts this machine. PgBouncer refuses to run as root: as root it runs as `postgres`.
 */
export async function startPgBouncer(databaseUrl: string): Promise<PgBouncer> {
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildhall-pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${decodeURIComponent(target.username)}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'auth_type = any',
      'pool_mode = transaction',
      'unix_socket_dir =',
      '',
    ].join('\n'),
  );
  fs.chmodSync(ini, 0o644);
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', PGBOUNCER, ini], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(PGBOUNCER, [ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  await new Promise<void>((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`PgBouncer did not start (${why}): ${said.trim()}`));
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('listening on 127.0.0.1')) resolve();
    });
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code) => fail(`exit ${code}`));
  });
  const via = new URL(databaseUrl);
  via.hostname = '127.0.0.1';
  via.port = String(port);
  return {
    url: via.href,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
