import { type ReportsAnswer, type ReportsQuery, isDecided, statusForStageName } from '@guildhall/contracts/recruitment';
import { listStages } from './list-stages';
import type { RecruitmentDeps } from './recruitment-deps';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The Monday (UTC) of the week holding `ms`, as YYYY-MM-DD. */
export function weekStartOf(ms: number): string {
  const day = Math.floor(ms / DAY);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
  return new Date((day - ((day + 3) % 7)) * DAY).toISOString().slice(0, 10);
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

type StageMove = { from: string | null; to: string | null; fromId: number | null; toId: number | null };

/**
 * Issue 13 item 7 (decision 0050): the ids of the stages an application has been in: the one it
 * started in, then each move's destination. Counting by id keeps a stage's count through a rename,
 * and a new stage given a removed stage's name starts at 0. A move audited before the trail recorded
 * ids is known by name only; its stage is then taken from where the chain says it must be (a move
 * starts where the one before it ended; the last one ended at the application's current stage_id,
 * which never changes without an audited move), else from the current stages of that name: such a
 * row still counts 0 for a stage renamed since, and counts for a new stage that reuses its name.
 */
function reachedStages(
  app: { stage_id: number | null; stage_name: string | null },
  trail: StageMove[],
  stageIdsByName: Map<string, number[]>,
): Set<number> {
  const ids = new Set<number>();
  const add = (id: number | null, name: string | null) => {
    if (id !== null) ids.add(id);
    else if (name !== null) for (const byName of stageIdsByName.get(name) ?? []) ids.add(byName);
  };
  if (!trail.length) add(app.stage_id, app.stage_name);
  else add(trail[0]!.fromId, trail[0]!.from);
  trail.forEach((m, i) => add(m.toId ?? (i + 1 < trail.length ? trail[i + 1]!.fromId : app.stage_id), m.to));
  return ids;
}

/**
 * Issue 13 item 7: GET /api/reports?from&to over the applications submitted in [from, to] (whole UTC
 * days). Applications per week (every week of the range, empty ones too); the funnel: how many ever
 * reached each current stage (the stage they started in and every stage the audit trail moved them
 * to, by stage id: see reachedStages); the median time from submitting to the first Accepted or
 * Declined stage (000 §4); and per role, accepted / (accepted + declined) by current status.
 */
export async function getReports(deps: Pick<RecruitmentDeps, 'db'>, query: ReportsQuery): Promise<ReportsAnswer> {
  const start = Date.parse(`${query.from}T00:00:00Z`);
  const end = Date.parse(`${query.to}T00:00:00Z`) + DAY;
  const [stages, apps] = await Promise.all([
    listStages(deps),
    deps.db
      .selectFrom('recruitment_applications')
      .select(['id', 'job', 'status', 'stage_id', 'stage_name', 'created_at'])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .execute(),
  ]);
  const moves = await deps.db
    .selectFrom('recruitment_audit')
    .innerJoin('recruitment_applications', 'recruitment_applications.id', 'recruitment_audit.application_id')
    .select([
      'recruitment_audit.application_id as applicationId',
      'recruitment_audit.from_value as from',
      'recruitment_audit.to_value as to',
      'recruitment_audit.from_stage_id as fromId',
      'recruitment_audit.to_stage_id as toId',
      'recruitment_audit.at as at',
    ])
    .where('recruitment_audit.kind', '=', 'stage')
    .where('recruitment_applications.created_at', '>=', start)
    .where('recruitment_applications.created_at', '<', end)
    .orderBy('recruitment_audit.id')
    .execute();
  const movesOf = new Map<number, typeof moves>();
  for (const m of moves) movesOf.set(m.applicationId, [...(movesOf.get(m.applicationId) ?? []), m]);

  const perWeek = new Map<string, number>();
  for (let day = start; day < end; day += 7 * DAY) perWeek.set(weekStartOf(day), 0);
  perWeek.set(weekStartOf(end - DAY), perWeek.get(weekStartOf(end - DAY)) ?? 0);
  const reached = new Map<number, number>();
  const stageIdsByName = new Map<string, number[]>();
  for (const s of stages) stageIdsByName.set(s.name, [...(stageIdsByName.get(s.name) ?? []), s.id]);
  const hoursToDecision: number[] = [];
  const byRole = new Map<string, { applications: number; accepted: number; declined: number }>();

  for (const app of apps) {
    const week = weekStartOf(Number(app.created_at));
    perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
    const trail = movesOf.get(app.id) ?? [];
    for (const stageId of reachedStages(app, trail, stageIdsByName)) reached.set(stageId, (reached.get(stageId) ?? 0) + 1);
    const decision = trail.find((m) => m.to && isDecided(statusForStageName(m.to)));
    if (decision) hoursToDecision.push((Number(decision.at) - Number(app.created_at)) / HOUR);
    const role = byRole.get(app.job) ?? { applications: 0, accepted: 0, declined: 0 };
    role.applications += 1;
    if (app.status === 'Accepted') role.accepted += 1;
    if (app.status === 'Declined') role.declined += 1;
    byRole.set(app.job, role);
  }

  const medianHours = median(hoursToDecision);
  return {
    from: query.from,
    to: query.to,
    total: apps.length,
    perWeek: [...perWeek.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([weekStart, count]) => ({ weekStart, count })),
    funnel: stages.map((s) => ({ stageId: s.id, name: s.name, color: s.color, reached: reached.get(s.id) ?? 0 })),
    medianHoursToDecision: medianHours === null ? null : Math.round(medianHours * 10) / 10,
    decided: hoursToDecision.length,
    byRole: [...byRole.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([job, r]) => ({
        job,
        ...r,
        rate: r.accepted + r.declined ? Math.round((r.accepted / (r.accepted + r.declined)) * 1000) / 1000 : null,
      })),
  };
}
