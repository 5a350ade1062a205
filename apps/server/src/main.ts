import 'dotenv/config';
import path from 'node:path';
import { buildApp, createContext } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './core/db/database';
import { migrateToLatest } from './core/db/migrate';
import { createLocalEventBus, createPostgresEventBus, type EventBusLog, stderrEventBusLog } from './core/events/event-bus';
import { seedDemoData } from './core/seed/seed-demo-data';
import { startupLines } from './core/logging/startup-summary';
import { startMetricsServer } from './core/metrics/metrics';
import { allMigrations } from './migrations';
import { allTools } from './tools';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Issue 10 item 12: the bus logs a lost LISTEN connection, and the database a connection it closed
  // for not answering (decision 0049). Both start before the app (the seed uses them), so they write
  // to stderr until the app's logger exists.
  const logTo: { app?: EventBusLog } = {};
  const earlyLog: EventBusLog = {
    info: (details, message) => (logTo.app ?? stderrEventBusLog).info(details, message),
    warn: (details, message) => (logTo.app ?? stderrEventBusLog).warn(details, message),
  };
  const sqliteFile = path.join(config.DATA_DIR, 'guildhall.sqlite');
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile, pgLog: earlyLog });
  await migrateToLatest(database.db, database.dialect, allMigrations);
  const events = database.pgPool ? await createPostgresEventBus(database.pgPool, undefined, { log: earlyLog }) : createLocalEventBus();
  const demoSeeded = config.seedDemoData ? await seedDemoData(createContext(config, database, events), allTools) : null;

  const app = await buildApp({ config, database, events });
  logTo.app = app.log;
  const sweep = setInterval(() => void app.ctx.sessions.deleteExpired().catch(() => undefined), 3_600_000);
  sweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Issue 12 item 4: readiness goes 503 and event streams are sent elsewhere at once; the server keeps
    // serving for the grace period while a load balancer notices, then stops taking connections and
    // finishes the requests in flight (PDFs included).
    app.ctx.readiness.drain();
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
    clearInterval(sweep);
    await app.close();
    await events.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // Issue 12 item 5: with METRICS_PORT, /metrics has a server of its own (closed with the app).
  const metrics =
    config.METRICS_PORT !== undefined
      ? await startMetricsServer(app, config.METRICS_HOST, config.METRICS_PORT)
      : config.METRICS_TOKEN
        ? `${config.publicUrl}/metrics (bearer METRICS_TOKEN)`
        : null;
  // Issue 12 item 8: the lines an operator reads first.
  for (const line of startupLines({ config, dialect: database.dialect, sqliteFile, demoSeeded, metrics }))
    app.log.info(line.details, line.message);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
