import { type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { AdminApplication, ApplicationStatus, AuditEntry, ListApplicationsQuery, StaffNote } from '@guildhall/contracts/recruitment';
import { type RecruitmentDeps, toIso } from './recruitment-deps';
import type { Selectable } from 'kysely';
import type { RecruitmentApplicationsTable, RecruitmentTables } from './recruitment-tables';

export type ApplicationFilter = Pick<z.output<typeof ListApplicationsQuery>, 'status' | 'search'>;
type ApplicationQuery = SelectQueryBuilder<RecruitmentTables, 'recruitment_applications', object>;

/** The admin filters (000 §2 filter buttons, plus a username search): shared by the list and the CSV export. */
export function applyApplicationFilter(deps: Pick<RecruitmentDeps, 'db'>, filter: ApplicationFilter): ApplicationQuery {
  let query: ApplicationQuery = deps.db.selectFrom('recruitment_applications');
  if (filter.status !== 'All') query = query.where('status', '=', filter.status);
  const search = filter.search?.toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`username_lower like ${pattern} escape '\\'`);
  }
  return query;
}

export function parseJsonRecord(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * 000 §7 GET /api/applications (admin), newest first. Beyond 000 it filters, searches and pages on
 * the server (thousands of applications), and adds each card's audit trail and staff notes with two
 * queries for the whole page rather than two per card.
 */
export async function listApplications(
  deps: Pick<RecruitmentDeps, 'db'>,
  query: z.output<typeof ListApplicationsQuery>,
): Promise<{ total: number; applications: AdminApplication[] }> {
  const filtered = applyApplicationFilter(deps, query);
  // The page's ids first, from the (status, id) index alone, then only those rows: deep pages skip
  // index entries instead of whole rows.
  const [countRow, idRows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
    filtered
      .select('id')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length
    ? await deps.db.selectFrom('recruitment_applications').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute()
    : [];
  const [auditRows, noteRows] = ids.length
    ? await Promise.all([
        deps.db.selectFrom('recruitment_audit').selectAll().where('application_id', 'in', ids).orderBy('id').execute(),
        deps.db.selectFrom('recruitment_notes').selectAll().where('application_id', 'in', ids).orderBy('id').execute(),
      ])
    : [[], []];
  const audit = new Map<number, AuditEntry[]>();
  for (const a of auditRows) {
    const list = audit.get(a.application_id) ?? [];
    list.push({
      id: a.id,
      actorId: a.actor_id,
      actorName: a.actor_name,
      kind: a.kind as AuditEntry['kind'],
      from: a.from_value,
      to: a.to_value,
      at: toIso(a.at),
    });
    audit.set(a.application_id, list);
  }
  const notes = new Map<number, StaffNote[]>();
  for (const n of noteRows) {
    const list = notes.get(n.application_id) ?? [];
    list.push({ id: n.id, authorId: n.author_id, authorName: n.author_name, body: n.body, at: toIso(n.created_at) });
    notes.set(n.application_id, list);
  }
  return {
    total: Number(countRow?.count ?? 0),
    applications: rows.map((row) => toAdminApplication(row, audit.get(row.id) ?? [], notes.get(row.id) ?? [])),
  };
}

function toAdminApplication(row: Selectable<RecruitmentApplicationsTable>, audit: AuditEntry[], notes: StaffNote[]): AdminApplication {
  return {
    id: row.id,
    userId: row.user_id,
    avatar: row.avatar,
    username: row.username,
    job: row.job,
    answers: row.answers,
    status: row.status as ApplicationStatus,
    stageId: row.stage_id,
    feedback: row.feedback,
    stageName: row.stage_name,
    stageColor: row.stage_color,
    questionLabels: parseJsonRecord(row.question_labels),
    submittedAt: toIso(row.created_at),
    statusLastUpdatedAt: toIso(row.status_updated_at),
    audit,
    notes,
  };
}
