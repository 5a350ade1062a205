// The timetable read's reference (issue 16: the bench prints its figure beside one measured in the same
// run, as bench/checker-reference.ts does for the checker): a minimal Fastify + better-sqlite3 server
// answering the two reads every timetable page load makes, 002 §7 GET /schedule?week_start= and
// GET /homework, on the same database as the app. No hooks, no security headers, no rate limit, no
// logging, no validation beyond the week's date: what the stack itself costs for these reads. The same
// queries as the app (the session + account join of SessionStore.findWithSchoolAccount, then
// list-week-schedule.ts's and list-homework.ts's), prepared once, and the same answers.
import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import SQLite from 'better-sqlite3';

interface ScheduleRow {
  id: number;
  subject_code: string;
  subject_name: string;
  day_of_week: number;
  start_time: string;
  end_time: string;
  room: string;
  status: string;
  notes: string;
  override_status: string | null;
  override_notes: string | null;
}

const sqlite = new SQLite(path.join(process.env.DATA_DIR!, 'guildhall.sqlite'), { readonly: true });
const owner = sqlite.prepare<[string, number], { account_id: number | null }>(
  `select a.id as account_id from sessions s
   left join school_accounts a on s.kind = 'school' and a.student_id = s.subject
   where s.token_hash = ? and s.expires_at > ?`,
);
const schedule = sqlite.prepare<[string, number], ScheduleRow>(
  `select i.id, i.subject_code, i.subject_name, i.day_of_week, i.start_time, i.end_time, i.room, i.status, i.notes,
     o.status as override_status, o.notes as override_notes
   from timetable_schedule_items i
   left join timetable_overrides o on o.schedule_item_id = i.id and o.week_start_date = ?
   where i.owner_id = ? order by i.day_of_week, i.start_time`,
);
const homework = sqlite.prepare<[number], unknown>(
  `select id, homework_id, title, details, subject_code, due_date, due_time, status
   from timetable_homework where owner_id = ? order by due_date, due_time, id`,
);

/** The signed-in student's account id from the bearer token, or a 401 answered. */
function ownerOf(request: FastifyRequest, reply: FastifyReply): number | null {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const row = token ? owner.get(crypto.createHash('sha256').update(token).digest('hex'), Date.now()) : undefined;
  if (row?.account_id == null) {
    void reply.code(401).send({ error: 'Please log in with your student ID first.', code: 'unauthenticated' });
    return null;
  }
  return row.account_id;
}

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/timetable/api/schedule', async (request, reply) => {
  const { week_start: weekStart } = request.query as { week_start?: string };
  if (!weekStart || !/^\d{4}-\d{2}-\d{2}$/.test(weekStart))
    return reply.code(400).send({ error: 'week_start: invalid', code: 'invalid_input' });
  const id = ownerOf(request, reply);
  if (id === null) return reply;
  return schedule.all(weekStart, id).map(({ override_status, override_notes, ...item }) => ({
    ...item,
    status: override_status ?? item.status,
    notes: override_notes ?? item.notes,
  }));
});
app.get('/timetable/api/homework', async (request, reply) => {
  const id = ownerOf(request, reply);
  return id === null ? reply : homework.all(id);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on(
  'SIGTERM',
  () =>
    void app.close().then(() => {
      sqlite.close();
      process.exit(0);
    }),
);
