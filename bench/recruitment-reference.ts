// The recruitment bench's reference (bench/recruitment.ts): a minimal Fastify + better-sqlite3 server
// answering the admin list (GET /recruitment/api/applications, with each card's audit trail, notes,
// review tallies and failed DMs), the pipeline board (GET /recruitment/api/board) and the username
// search on the same data, in the same run as the app. No hooks, no security headers, no rate limit,
// no logging, no validation beyond the numbers: what the stack itself costs for these queries. The
// same queries as list-applications.ts, review-tallies.ts, list-failed-notifications.ts and
// get-board.ts (the session and grant checked by one join), each prepared once, and the same answer
// for the shipped default settings (blindHideApplicant, which renames applicants, is not done here).
// SQLite (better-sqlite3) by default; with DATABASE_URL, the list on PostgreSQL (pg, a pool of 10, as
// the app's), where the search is the app's LIKE through the pg_trgm index.
import crypto from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';

type Row = Record<string, unknown>;
const toIso = (ms: unknown) => new Date(Number(ms)).toISOString();
const DAY_MS = 86_400_000;
type Search = 'none' | 'trigram' | 'instr' | 'like';
interface Filter {
  status: string | null;
  search: Search;
  needle: string;
}

/** What the two handlers read, on either database. */
interface Queries {
  caller(tokenHash: string, now: number): Promise<string | undefined>;
  settings(): Promise<Array<{ key: string; value: string }>>;
  count(filter: Filter): Promise<number>;
  ids(filter: Filter, limit: number, offset: number): Promise<number[]>;
  page(ids: number[], viewer: string): Promise<{ rows: Row[]; audit: Row[]; notes: Row[]; tallies: Row[]; failed: Row[] }>;
  board(perStage: number): Promise<{ stages: Row[]; counts: Row[]; cards: Row[][]; orphans(live: unknown[]): Promise<Row[]> }>;
}

const CALLER = (p: (n: number) => string) => `select s.subject from sessions s
   join registry_pairs p on p.discord_id = s.subject
   join grants g on g.discord_id = s.subject and g.role = 'recruitment-admin'
   where s.token_hash = ${p(1)} and s.expires_at > ${p(2)} and s.kind = 'discord'`;
const TALLY_COLUMNS = `application_id, count(*) as count,
     sum(case when vote = 'yes' then 1 else 0 end) as yes, sum(case when vote = 'no' then 1 else 0 end) as no,
     sum(case when vote = 'abstain' then 1 else 0 end) as abstain, sum(score_sum) as "scoreSum", sum(score_count) as "scoreCount"`;
const FAILED_COLUMNS = 'n.id, n.application_id, a.username, n.content, n.last_error, n.attempts, n.updated_at';
const CARD = 'id, user_id, username, avatar, job, status, stage_id, created_at';

function sqliteQueries(file: string): Queries {
  const sqlite = new SQLite(file, { readonly: true });
  const caller = sqlite.prepare<[string, number], { subject: string }>(CALLER(() => '?'));
  const settings = sqlite.prepare<[], { key: string; value: string }>('select key, value from recruitment_settings');
  // The list's filters: status (or all) x search (none, trigram of 3+ characters, else instr()).
  const where = (status: boolean, search: Search) =>
    [
      status ? 'status = @status' : null,
      search === 'trigram' ? 'id in (select rowid from recruitment_applications_search where username_lower glob @glob)' : null,
      search === 'instr' ? 'instr(username_lower, @needle) > 0' : null,
    ]
      .filter(Boolean)
      .join(' and ') || '1 = 1';
  const filtered = new Map<string, { count: SQLite.Statement; ids: SQLite.Statement }>();
  for (const status of [false, true])
    for (const search of ['none', 'trigram', 'instr'] as const)
      filtered.set(`${status}/${search}`, {
        count: sqlite.prepare(`select count(*) as count from recruitment_applications where ${where(status, search)}`),
        ids: sqlite.prepare(
          `select id from recruitment_applications where ${where(status, search)} order by id desc limit @limit offset @offset`,
        ),
      });
  const params = (f: Filter) => ({
    ...(f.status ? { status: f.status } : {}),
    ...(f.search === 'trigram' ? { glob: `*${f.needle}*` } : f.search === 'instr' ? { needle: f.needle } : {}),
  });
  // A page's ids as one JSON array parameter, so each statement is prepared once whatever the page holds.
  const IN_PAGE = 'in (select value from json_each(?))';
  const rows = sqlite.prepare(`select * from recruitment_applications where id ${IN_PAGE} order by id desc`);
  const audit = sqlite.prepare(`select * from recruitment_audit where application_id ${IN_PAGE} order by id`);
  const notes = sqlite.prepare(`select * from recruitment_notes where application_id ${IN_PAGE} order by id`);
  const tallies = sqlite.prepare(
    `select ${TALLY_COLUMNS}, sum(case when reviewer_id = ? then 1 else 0 end) as mine
     from recruitment_reviews where application_id ${IN_PAGE} group by application_id`,
  );
  const failed = sqlite.prepare(
    `select ${FAILED_COLUMNS} from recruitment_notifications n join recruitment_applications a on a.id = n.application_id
     where n.state = 'failed' and n.application_id ${IN_PAGE} order by n.id desc limit 100`,
  );
  const stages = sqlite.prepare<[], Row>(
    'select id, name, ordering, color from recruitment_stages where deleted_at is null order by ordering, id',
  );
  const stageCounts = sqlite.prepare<[], Row>('select stage_id, count(*) as n from recruitment_applications group by stage_id');
  const columnCards = sqlite.prepare<[unknown, number], Row>(
    `select ${CARD} from recruitment_applications where stage_id = ? order by id desc limit ?`,
  );
  const orphanCards = sqlite.prepare<[string, number], Row>(
    `select ${CARD} from recruitment_applications where stage_id is null or stage_id not in (select value from json_each(?)) order by id desc limit ?`,
  );
  return {
    caller: async (hash, now) => caller.get(hash, now)?.subject,
    settings: async () => settings.all(),
    count: async (f) => (filtered.get(`${f.status !== null}/${f.search}`)!.count.get(params(f)) as { count: number }).count,
    ids: async (f, limit, offset) =>
      (filtered.get(`${f.status !== null}/${f.search}`)!.ids.all({ ...params(f), limit, offset }) as Array<{ id: number }>).map(
        (r) => r.id,
      ),
    page: async (ids, viewer) => {
      const json = JSON.stringify(ids);
      return {
        rows: rows.all(json) as Row[],
        audit: audit.all(json) as Row[],
        notes: notes.all(json) as Row[],
        tallies: tallies.all(viewer, json) as Row[],
        failed: failed.all(json) as Row[],
      };
    },
    board: async (perStage) => {
      const live = stages.all();
      return {
        stages: live,
        counts: stageCounts.all(),
        cards: live.map((stage) => columnCards.all(stage.id, perStage)),
        orphans: async (ids) => orphanCards.all(JSON.stringify(ids), perStage),
      };
    },
  };
}

/** The list on PostgreSQL: the app's LIKE (through pg_trgm) for every search; page ids as one array. */
function postgresQueries(url: string): Queries {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const all = async (name: string, text: string, values: unknown[]) => (await pool.query<Row>({ name, text, values })).rows;
  const where = (f: Filter) => {
    const clauses: string[] = [];
    const values: unknown[] = [];
    if (f.status) clauses.push(`status = $${values.push(f.status)}`);
    if (f.search !== 'none')
      clauses.push(`username_lower like $${values.push(`%${f.needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} escape '\\'`);
    return { sql: clauses.join(' and ') || 'true', values, name: `${f.status !== null}/${f.search !== 'none'}` };
  };
  const IN_PAGE = '= any($1::int[])';
  return {
    caller: async (hash, now) =>
      (
        await all(
          'caller',
          CALLER((n) => `$${n}`),
          [hash, now],
        )
      )[0]?.subject as string | undefined,
    settings: async () =>
      (await all('settings', 'select key, value from recruitment_settings', [])) as Array<{ key: string; value: string }>,
    count: async (f) => {
      const w = where(f);
      return Number(
        (await all(`count/${w.name}`, `select count(*) as count from recruitment_applications where ${w.sql}`, w.values))[0]!.count,
      );
    },
    ids: async (f, limit, offset) => {
      const w = where(f);
      const n = w.values.length;
      const text = `select id from recruitment_applications where ${w.sql} order by id desc limit $${n + 1} offset $${n + 2}`;
      return (await all(`ids/${w.name}`, text, [...w.values, limit, offset])).map((r) => Number(r.id));
    },
    page: async (ids, viewer) => {
      const [rows, audit, notes, tallies, failed] = await Promise.all([
        all('rows', `select * from recruitment_applications where id ${IN_PAGE} order by id desc`, [ids]),
        all('audit', `select * from recruitment_audit where application_id ${IN_PAGE} order by id`, [ids]),
        all('notes', `select * from recruitment_notes where application_id ${IN_PAGE} order by id`, [ids]),
        all(
          'tallies',
          `select ${TALLY_COLUMNS}, sum(case when reviewer_id = $2 then 1 else 0 end) as mine
           from recruitment_reviews where application_id ${IN_PAGE} group by application_id`,
          [ids, viewer],
        ),
        all(
          'failed',
          `select ${FAILED_COLUMNS} from recruitment_notifications n join recruitment_applications a on a.id = n.application_id
           where n.state = 'failed' and n.application_id ${IN_PAGE} order by n.id desc limit 100`,
          [ids],
        ),
      ]);
      return { rows, audit, notes, tallies, failed };
    },
    board: () => Promise.reject(new Error('The PostgreSQL reference answers the list only.')),
  };
}

const queries = process.env.DATABASE_URL
  ? postgresQueries(process.env.DATABASE_URL)
  : sqliteQueries(path.join(process.env.DATA_DIR!, 'guildhall.sqlite'));

function parseRecord(text: unknown): Record<string, string> {
  try {
    const value: unknown = JSON.parse(String(text));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function groupBy<T>(rows: Row[], map: (r: Row) => T): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const r of rows) {
    const id = Number(r.application_id);
    const list = groups.get(id) ?? [];
    list.push(map(r));
    groups.set(id, list);
  }
  return groups;
}

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));

app.addHook('onRequest', async (request, reply) => {
  if (request.url === '/healthz') return;
  const token = /(?:^|;\s*)gh_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const subject = token ? await queries.caller(crypto.createHash('sha256').update(token).digest('hex'), Date.now()) : undefined;
  if (!subject) return reply.code(403).send({ error: 'Only recruitment admins can do that.' });
  (request as unknown as { subject: string }).subject = subject;
});

app.get('/recruitment/api/applications', async (request, reply) => {
  const q = request.query as { status?: string; search?: string; page?: string; pageSize?: string };
  const status = q.status && q.status !== 'All' ? q.status : null;
  const needle = q.search?.trim().toLowerCase() ?? '';
  // The app's rule: on SQLite the trigram table for 3+ characters (no GLOB character), else instr();
  // on PostgreSQL LIKE for all (through pg_trgm).
  const search: Search = !needle
    ? 'none'
    : process.env.DATABASE_URL
      ? 'like'
      : [...needle].length >= 3 && !/[*?[\]]/.test(needle)
        ? 'trigram'
        : 'instr';
  const page = Math.max(1, Number(q.page ?? 1) || 1);
  const pageSize = Math.min(200, Math.max(1, Number(q.pageSize ?? 50) || 50));
  const filter = { status, search, needle };
  const [total, ids, settingRows] = await Promise.all([
    queries.count(filter),
    queries.ids(filter, pageSize, (page - 1) * pageSize),
    queries.settings(),
  ]);
  const settings = Object.fromEntries(settingRows.map((s) => [s.key, s.value]));
  const viewer = (request as unknown as { subject: string }).subject;
  const blind = settings.blindReview === 'true';
  const waitDays = Number.parseInt(settings.stageWaitDays ?? '', 10);
  const waitMs = Number.isFinite(waitDays) && waitDays > 0 ? waitDays * DAY_MS : null;
  const now = Date.now();
  const found = ids.length ? await queries.page(ids, viewer) : { rows: [], audit: [], notes: [], tallies: [], failed: [] };
  const audit = groupBy(found.audit, (a) => ({
    id: a.id,
    actorId: a.actor_id,
    actorName: a.actor_name,
    kind: a.kind,
    from: a.from_value,
    to: a.to_value,
    at: toIso(a.at),
  }));
  const notes = groupBy(found.notes, (n) => ({
    id: n.id,
    authorId: n.author_id,
    authorName: n.author_name,
    body: n.body,
    at: toIso(n.created_at),
  }));
  const tallies = new Map(found.tallies.map((t) => [Number(t.application_id), t]));
  const failed = groupBy(found.failed, (f) => ({
    id: f.id,
    applicationId: f.application_id,
    username: f.username,
    content: f.content,
    error: f.last_error ?? 'Unknown error',
    attempts: Number(f.attempts),
    at: toIso(f.updated_at),
  }));
  const applications = found.rows.map((row) => {
    const id = Number(row.id);
    const t = tallies.get(id);
    const mine = Number(t?.mine ?? 0) > 0;
    const count = Number(t?.count ?? 0);
    const scoreCount = Number(t?.scoreCount ?? 0);
    const reviews =
      blind && !mine
        ? { count, yes: 0, no: 0, abstain: 0, averageScore: null, reviewedByMe: false, hidden: true }
        : {
            count,
            yes: Number(t?.yes ?? 0),
            no: Number(t?.no ?? 0),
            abstain: Number(t?.abstain ?? 0),
            averageScore: scoreCount ? Math.round((Number(t!.scoreSum) / scoreCount) * 100) / 100 : null,
            reviewedByMe: mine,
            hidden: false,
          };
    return {
      id,
      userId: row.user_id,
      avatar: row.avatar,
      username: row.username,
      job: row.job,
      answers: row.answers,
      status: row.status,
      stageId: row.stage_id,
      feedback: row.feedback,
      stageName: row.stage_name,
      stageColor: row.stage_color,
      questionLabels: parseRecord(row.question_labels),
      submittedAt: toIso(row.created_at),
      statusLastUpdatedAt: toIso(row.status_updated_at),
      audit: audit.get(id) ?? [],
      notes: notes.get(id) ?? [],
      reviews,
      withdrawnAt: row.withdrawn_at === null ? null : toIso(row.withdrawn_at),
      stageEnteredAt: toIso(row.stage_entered_at),
      waiting: waitMs !== null && row.status === 'Pending' && row.withdrawn_at === null && now - Number(row.stage_entered_at) > waitMs,
      failedNotifications: failed.get(id) ?? [],
    };
  });
  return reply.header('x-total-count', String(total)).send(applications);
});

app.get('/recruitment/api/board', async (request) => {
  const perStage = Math.min(200, Math.max(1, Number((request.query as { perStage?: string }).perStage ?? 100) || 100));
  const board = await queries.board(perStage);
  const counts = new Map(board.counts.map((c) => [c.stage_id, Number(c.n)]));
  const toCard = (r: Row) => ({
    id: r.id,
    userId: r.user_id,
    username: r.username,
    hasAvatar: r.avatar !== null,
    job: r.job,
    status: r.status,
    stageId: r.stage_id,
    submittedAt: toIso(r.created_at),
  });
  const columns = board.stages.map((s, i) => ({
    stageId: s.id,
    name: s.name,
    color: s.color,
    total: counts.get(s.id) ?? 0,
    cards: board.cards[i]!.map(toCard),
  }));
  const live = board.stages.map((s) => s.id);
  const orphanTotal = [...counts.entries()].filter(([id]) => id === null || !live.includes(id)).reduce((sum, [, n]) => sum + n, 0);
  if (orphanTotal > 0)
    columns.push({
      stageId: null,
      name: 'No current stage',
      color: '#6c757d',
      total: orphanTotal,
      cards: (await board.orphans(live)).map(toCard),
    });
  return { columns };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
