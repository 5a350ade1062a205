// The appointments bench's reference (issue 15): a minimal Fastify + better-sqlite3 server doing what
// the mini-app's two hot calls must do on the same data, in the same run as the app
// (bench/appointments.ts). No hooks, no security headers, no rate limit, no logging, no validation
// beyond the fields' shapes; the booking rules are read once at start (the app reads them per call).
// - GET /bureau/worker/availability?days=N: the same grouped count of booked seats over the range
//   (one prepared statement) and the same answer, from a weekly plan with breaks (no holidays or
//   exceptions: the bench sets none).
// - POST /bureau/worker/create-appointment: the ID token verified at LINE (the same fake, one call per
//   new token, as the app), then one insert under the (starts_at, seat) unique index; 409 when taken.
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

interface Hours {
  opens: string;
  closes: string;
  breaks: Array<{ start: string; end: string }>;
}
interface Settings {
  weekly: Array<Hours | null>;
  slotMinutes: number;
  capacity: number;
  minNoticeMinutes: number;
  maxDaysAhead: number;
}

const TIME_ZONE = process.env.APPOINTMENT_TIME_ZONE ?? 'Asia/Bangkok';
const LINE = process.env.LINE_API_BASE_URL!;
const CHANNEL = process.env.LINE_CHANNEL_ID!;
const sqlite = new SQLite(path.join(process.env.DATA_DIR!, 'guildhall.sqlite'));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('busy_timeout = 5000');
const saved = sqlite.prepare<[], { value: string }>("select value from appointment_settings where name = 'booking'").get();
const settings = JSON.parse(saved!.value) as Settings;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
function slotMinutesOf(hours: Hours): number[] {
  const out: number[] = [];
  let from = minutes(hours.opens);
  const segments: Array<[number, number]> = [];
  for (const b of [...hours.breaks].sort((x, y) => minutes(x.start) - minutes(y.start))) {
    segments.push([from, minutes(b.start)]);
    from = Math.max(from, minutes(b.end));
  }
  segments.push([from, minutes(hours.closes)]);
  for (const [start, end] of segments) for (let m = start; m + settings.slotMinutes <= end; m += settings.slotMinutes) out.push(m);
  return out;
}
const grid = settings.weekly.map((h) => (h ? slotMinutesOf(h) : []));

const countBooked = sqlite.prepare<[number, number, number], { starts_at: number; taken: number }>(
  "select starts_at, count(*) as taken from appointments where status = 'booked' and starts_at >= ? and starts_at < ? and (held_until is null or held_until > ?) group by starts_at",
);
const insert = sqlite.prepare(
  "insert into appointments (line_user_id, starts_at, ends_at, topic, status, reschedule_count, created_at, updated_at, seat, user_seat) values (?, ?, ?, ?, 'booked', 0, ?, ?, 1, 1) returning id",
);
const iso = (ms: number) => new Date(ms).toISOString();

function availability(days: number) {
  const now = Date.now();
  const today = new TZDate(now, TIME_ZONE);
  const earliest = now + settings.minNoticeMinutes * 60_000;
  const latest = now + settings.maxDaysAhead * 86_400_000;
  const plan = Array.from({ length: days }, (_, i) => {
    const midnight = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + i, 0, 0, 0, 0, TIME_ZONE);
    const date = `${midnight.getFullYear()}-${String(midnight.getMonth() + 1).padStart(2, '0')}-${String(midnight.getDate()).padStart(2, '0')}`;
    return { date, starts: grid[midnight.getDay()]!.map((m) => midnight.getTime() + m * 60_000), midnight: midnight.getTime() };
  });
  const end = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, 0, 0, 0, 0, TIME_ZONE).getTime();
  const taken = new Map<number, number>();
  for (const r of countBooked.all(Math.max(plan[0]!.midnight, earliest), end, now)) taken.set(r.starts_at, r.taken);
  let next: number | null = null;
  const answerDays = plan.map(({ date, starts }) => {
    const bookable = starts.filter((s) => s > now && s >= earliest && s <= latest);
    const slots = bookable
      .map((s) => ({ s, free: settings.capacity - (taken.get(s) ?? 0) }))
      .filter((x) => x.free > 0)
      .map(({ s, free }) => {
        next ??= s;
        return { start: iso(s), end: iso(s + settings.slotMinutes * 60_000), free };
      });
    return { date, open: starts.length > 0, full: bookable.length > 0 && slots.length === 0, slots };
  });
  return { timeZone: TIME_ZONE, slotMinutes: settings.slotMinutes, next: next === null ? null : iso(next), days: answerDays };
}

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/bureau/worker/availability', async (request) => {
  const days = Number((request.query as { days?: string }).days ?? 14);
  return availability(Number.isInteger(days) && days >= 1 && days <= 90 ? days : 14);
});
app.post('/bureau/worker/create-appointment', async (request, reply) => {
  const body = request.body as { userId?: string; datetime?: string; topic?: string | null };
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const startsAt = Date.parse(body.datetime ?? '');
  if (!token || typeof body.userId !== 'string' || !Number.isFinite(startsAt)) return reply.code(400).send({ error: 'Bad request.' });
  const verified = await fetch(`${LINE}/oauth2/v2.1/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id_token: token, client_id: CHANNEL }),
  });
  const claims = (await verified.json()) as { sub?: string };
  if (!verified.ok || claims.sub !== body.userId) return reply.code(401).send({ error: 'Sign in again.' });
  const now = Date.now();
  try {
    const row = insert.get(body.userId, startsAt, startsAt + settings.slotMinutes * 60_000, body.topic ?? null, now, now) as { id: number };
    return {
      appointment: { id: row.id, userId: body.userId, datetime: iso(startsAt), topic: body.topic ?? null, status: 'booked' },
      rescheduled: false,
    };
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return reply.code(409).send({ error: 'Slot taken.' });
    throw error;
  }
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => sqlite.close())
      .then(() => process.exit(0)),
);
