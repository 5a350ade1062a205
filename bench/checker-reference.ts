// The checker's reference (issue 17 item 2): a minimal Fastify + database server answering the public
// checker's query on the same data, in the same run as the app (bench/checker.ts). No hooks, no
// security headers, no rate limit, no logging, no validation beyond the id's digits: what the stack
// itself costs for this query. The same one joined, indexed query as find-checker-record.ts, prepared
// once, and the same answer (names from the cached profiles, the ban's fields when there is one).
// SQLite (better-sqlite3) by default; with DATABASE_URL, PostgreSQL (pg, a pool of 10, as the app's).
// Issue 14: a banned answer also reads the ban's current case, as the app does (checker-case-visibility.ts),
// and GET /bureau/api/records answers the records search (bench/bureau.ts) with the app's own search
// function on the shipped database settings, without the app's session check, hooks or logging.
// REFERENCE_DUTIES=headers,rate-limit,request-log (bench/checker.ts with BENCH_DUTIES=1): the same server
// carrying the app's kept duties, each done with the app's own pieces, to show what they cost on the bare stack.
import path from 'node:path';
import Fastify, { LogController } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { SearchRecordsQuery } from '@guildhall/contracts/bureau';
import { openDatabase } from '../apps/server/src/core/db/database';
import { addSecurityHeaders } from '../apps/server/src/core/http/http-plugin';
import { rateLimitCountsOnSuccess } from '../apps/server/src/core/http/rate-limit-counts';
import { bufferedStdout, requestLineHook } from '../apps/server/src/core/logging/log-format';
import { lazyRequestLogger } from '../apps/server/src/core/logging/lazy-request-logger';
import { makeBureauDeps } from '../apps/server/src/tools/bureau/bureau-deps';
import { searchRegistryPairs } from '../apps/server/src/tools/bureau/search-registry-pairs';

interface Row {
  discord_id: string | null;
  roblox_id: string | null;
  ban_roblox_id: string | null;
  is_banned: number | boolean | null;
  moderator: string | null;
  reason: string | null;
  time: number | string | null;
  username: string | null;
  discord_data: string | null;
  roblox_data: string | null;
}

const COLUMNS = `b.roblox_id as ban_roblox_id, b.is_banned, b.moderator, b.reason, b.time, b.username,
  dc.data as discord_data, rc.data as roblox_data`;
const byDiscord = (p: string) => `select p.discord_id, p.roblox_id, ${COLUMNS}
  from registry_pairs p
  left join registry_bans b on b.roblox_id = p.roblox_id
  left join profile_cache dc on dc.platform = 'discord' and dc.id = p.discord_id
  left join profile_cache rc on rc.platform = 'roblox' and rc.id = p.roblox_id
  where p.discord_id = ${p}`;
const byRoblox = (p: string) => `select p.discord_id, p.roblox_id, ${COLUMNS}
  from (select cast(${p} as text) as id) q
  left join registry_pairs p on p.discord_id = (
    select o.discord_id from registry_pairs o where o.roblox_id = q.id order by o.updated_at, o.discord_id limit 1)
  left join registry_bans b on b.roblox_id = q.id
  left join profile_cache dc on dc.platform = 'discord' and dc.id = p.discord_id
  left join profile_cache rc on rc.platform = 'roblox' and rc.id = q.id`;

interface CaseRow {
  expires_at: number | string | null;
  hidden: number;
  lifted_at: number | string | null;
}
const banCase = (p: string) =>
  `select expires_at, hidden, lifted_at from bureau_cases where platform = 'Roblox' and subject_id = ${p} and type = 'ban' order by id desc limit 1`;

let find: (type: string, id: string) => Promise<Row | undefined>;
let findBanCase: (robloxId: string) => Promise<CaseRow | undefined>;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const queries = { discord: byDiscord('$1'), roblox: byRoblox('$1') };
  find = async (type, id) => (await pool.query<Row>({ name: `checker-${type}`, text: queries[type as 'discord'], values: [id] })).rows[0];
  findBanCase = async (id) => (await pool.query<CaseRow>({ name: 'checker-ban-case', text: banCase('$1'), values: [id] })).rows[0];
  close = () => pool.end();
} else {
  const sqlite = new SQLite(path.join(process.env.DATA_DIR!, 'guildhall.sqlite'), { readonly: true });
  sqlite.pragma('mmap_size = 1073741824');
  const statements = { discord: sqlite.prepare<[string], Row>(byDiscord('?')), roblox: sqlite.prepare<[string], Row>(byRoblox('?')) };
  const caseStatement = sqlite.prepare<[string], CaseRow>(banCase('?'));
  find = async (type, id) => statements[type as 'discord'].get(id);
  findBanCase = async (id) => caseStatement.get(id);
  close = async () => void sqlite.close();
}
const database = openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL }
    : { sqliteFile: path.join(process.env.DATA_DIR!, 'guildhall.sqlite') },
);
const bureau = makeBureauDeps({ database });

const nameOf = (data: string | null, key: 'username' | 'name') => {
  if (data === null) return null;
  const parsed = JSON.parse(data) as Record<string, unknown> | null;
  return typeof parsed?.[key] === 'string' ? (parsed[key] as string) : null;
};

const duties = new Set((process.env.REFERENCE_DUTIES ?? '').split(',').filter(Boolean));
const app = Fastify({
  // As app.ts: JSON lines buffered to stdout, a request id per request.
  logger: duties.has('request-log') ? { level: 'info', stream: bufferedStdout() } : false,
  logController: new LogController({ disableRequestLogging: true }),
  ...(duties.has('request-log') ? { genReqId: () => crypto.randomUUID(), childLoggerFactory: lazyRequestLogger } : {}),
});
// A line for every answer (LOG_REQUESTS=all): what a request line costs the bare stack (decision 0044).
if (duties.has('request-log')) app.addHook('onResponse', requestLineHook('all')!);
// As core/http/http-plugin.ts: the precomputed security headers (decision 0040: the data ones on JSON).
if (duties.has('headers')) await addSecurityHeaders(app, { isProduction: true });
// As app.ts: per route, the counts on a 429 only (decision 0040).
if (duties.has('rate-limit'))
  await app.register(rateLimit, {
    global: false,
    addHeadersOnExceeding: rateLimitCountsOnSuccess(false),
  });
app.get('/healthz', async () => ({ status: 'ok' }));
const checkerOptions = duties.has('rate-limit') ? { config: { rateLimit: { max: 1_000_000, timeWindow: '1 minute' } } } : {};
app.get('/bureau/api/check-status', checkerOptions, async (request, reply) => {
  const { type, id } = request.query as { type?: string; id?: string };
  if ((type !== 'discord' && type !== 'roblox') || !id || !/^\d{1,20}$/.test(id)) {
    return reply.code(400).send({ error: 'Enter a valid ID.', code: 'invalid_input' });
  }
  const row = await find(type, id);
  let ban =
    row?.ban_roblox_id != null
      ? {
          isBanned: row.is_banned === 1 || row.is_banned === true,
          moderator: row.moderator,
          reason: row.reason,
          time: row.time === null ? null : Number(row.time),
        }
      : null;
  // Only a ban pays the case read: an expired ban case reads as no ban, a hidden one without its names.
  const current = ban ? await findBanCase(row!.ban_roblox_id!) : undefined;
  if (current && current.lifted_at === null) {
    if (current.expires_at !== null && Number(current.expires_at) <= Date.now()) ban = null;
    else if (current.hidden === 1) ban = { ...ban!, moderator: null, reason: null };
  }
  if (!row || row.discord_id === null || row.roblox_id === null) {
    if (!ban) return { result: 'not_found' };
    return { result: 'not_verified', roblox: { id, username: nameOf(row!.roblox_data, 'name') ?? row!.username }, ban };
  }
  return {
    result: 'verified',
    discord: { id: row.discord_id, username: nameOf(row.discord_data, 'username') },
    roblox: { id: row.roblox_id, username: nameOf(row.roblox_data, 'name') ?? row.username },
    ban,
  };
});
app.get('/bureau/api/records', async (request, reply) => {
  const query = SearchRecordsQuery.safeParse(request.query);
  if (!query.success) return reply.code(400).send({ error: 'Enter a valid search.', code: 'invalid_input' });
  return searchRegistryPairs(bureau, query.data);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(close)
      .then(() => database.close())
      .then(() => process.exit(0)),
);
