import { type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type {
  AdminApplication,
  ApplicationStatus,
  AuditEntry,
  ListApplicationsQuery,
  SettingsAnswer,
  StaffNote,
} from '@guildhall/contracts/recruitment';
import { type RecruitmentDeps, toIso } from './recruitment-deps';
import type { Selectable } from 'kysely';
import type { RecruitmentApplicationsTable, RecruitmentTables } from './recruitment-tables';
import { daysSettingMs } from './days-setting';
import { listFailedNotifications } from './list-failed-notifications';
import { isWaiting } from './list-waiting-applications';
import { hiddenName } from './hidden-applicants';
import { readSettings } from './read-settings';
import { reviewTallies } from './review-tallies';

export type ApplicationFilter = Pick<z.output<typeof ListApplicationsQuery>, 'status' | 'search'>;
type ApplicationQuery = SelectQueryBuilder<RecruitmentTables, 'recruitment_applications', object>;

/**
 * Whose names a search may match: everyone's, or (blind review hiding applicants, decision 0028) only
 * those of applications this admin has reviewed, as the list shows no other names to them. A search
 * that matched a hidden name told who "Applicant #8" was.
 */
export type SearchScope = { kind: 'all' } | { kind: 'reviewed-by'; viewerId: string };

export function searchScopeFor(settings: Pick<SettingsAnswer, 'blindReview' | 'blindHideApplicant'>, viewerId: string | null): SearchScope {
  return viewerId !== null && settings.blindReview === 'true' && settings.blindHideApplicant === 'true'
    ? { kind: 'reviewed-by', viewerId }
    : { kind: 'all' };
}

/** The admin filters (000 §2 filter buttons, plus a username search): shared by the list and the CSV export. */
export function applyApplicationFilter(
  deps: Pick<RecruitmentDeps, 'db' | 'dialect'>,
  filter: ApplicationFilter,
  scope: SearchScope = { kind: 'all' },
): ApplicationQuery {
  let query: ApplicationQuery = deps.db.selectFrom('recruitment_applications');
  if (filter.status !== 'All') query = query.where('status', '=', filter.status);
  const search = filter.search?.toLowerCase();
  if (search && scope.kind === 'reviewed-by') {
    query = query.where(
      'recruitment_applications.id',
      'in',
      deps.db.selectFrom('recruitment_reviews').select('application_id').where('reviewer_id', '=', scope.viewerId),
    );
  }
  if (search) {
    // Issue 17 item 3 (decision 0036): on SQLite a needle of 3+ characters is found through the FTS5
    // trigram table (recruitment-migrations.ts), by GLOB, whose only special characters are *?[] (a
    // needle holding one keeps the plain rule). Shorter needles have no trigram to look up. PostgreSQL
    // answers the same LIKE from its pg_trgm index. The answers are the plain rule's either way.
    if (deps.dialect === 'sqlite' && [...search].length >= 3 && !/[*?[\]]/.test(search)) {
      query = query.where(
        'recruitment_applications.id',
        'in',
        sql<number>`(select rowid from recruitment_applications_search where username_lower glob ${`*${search}*`})`,
      );
    } else if (deps.dialect === 'sqlite') {
      // The rest scans the username index on SQLite: instr() is the plain substring rule itself, with
      // no pattern to escape or match, and about twice as fast as LIKE over 100,000 names (bench/recruitment.ts).
      query = query.where(sql<boolean>`instr(username_lower, ${search}) > 0`);
    } else {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where(sql<boolean>`username_lower like ${pattern} escape '\\'`);
    }
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
  deps: Pick<RecruitmentDeps, 'db' | 'now' | 'dialect'>,
  query: z.output<typeof ListApplicationsQuery>,
  viewerId: string | null = null,
): Promise<{ total: number; applications: AdminApplication[] }> {
  // Read once: a search needs the settings before its query (searchScopeFor), the page after.
  const settingsRead = readSettings(deps);
  const filtered = applyApplicationFilter(deps, query, query.search ? searchScopeFor(await settingsRead, viewerId) : { kind: 'all' });
  // The page's ids first, from the (status, id) index alone, then only those rows: deep pages skip
  // index entries instead of whole rows.
  const [countRow, idRows, settings] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
    filtered
      .select('id')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    settingsRead,
  ]);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length
    ? await deps.db.selectFrom('recruitment_applications').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute()
    : [];
  // Issue 13 items 1, 5, 6: the review tallies, failed DMs and the waiting mark, for the whole page at
  // once, read beside the audit trail and notes.
  const blind = settings.blindReview === 'true';
  const [[auditRows, noteRows], tallies, failed] = await Promise.all([
    ids.length
      ? Promise.all([
          deps.db.selectFrom('recruitment_audit').selectAll().where('application_id', 'in', ids).orderBy('id').execute(),
          deps.db.selectFrom('recruitment_notes').selectAll().where('application_id', 'in', ids).orderBy('id').execute(),
        ])
      : Promise.resolve([[], []] as const),
    reviewTallies(deps, ids, viewerId === null ? null : { id: viewerId, blind }),
    listFailedNotifications(deps, ids),
  ]);
  const waitMs = daysSettingMs(settings.stageWaitDays);
  const now = deps.now();
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
    applications: rows.map((row) => {
      const reviews = tallies.get(row.id)!;
      const application: AdminApplication = {
        ...toAdminApplication(row, audit.get(row.id) ?? [], notes.get(row.id) ?? []),
        reviews,
        withdrawnAt: row.withdrawn_at === null ? null : toIso(Number(row.withdrawn_at)),
        stageEnteredAt: toIso(Number(row.stage_entered_at)),
        waiting: isWaiting(row, now, waitMs),
        failedNotifications: failed.filter((f) => f.applicationId === row.id),
      };
      if (!reviews.hidden) return application;
      // Issue 13 item 1: blind review hides the other reviews until this admin has reviewed, in the
      // history too (it listed "x reviewed: no"), and may hide who applied.
      const blinded = { ...application, audit: application.audit.filter((a) => a.kind !== 'review') };
      return settings.blindHideApplicant === 'true' ? hideApplicant(blinded) : blinded;
    }),
  };
}

/** Issue 13 item 1: the card without the applicant's name, id and avatar (their own audit entries too). */
function hideApplicant(application: AdminApplication): AdminApplication {
  const name = hiddenName(application.id);
  return {
    ...application,
    userId: '',
    username: name,
    avatar: null,
    audit: application.audit.map((a) => (a.actorId === application.userId ? { ...a, actorId: '', actorName: name } : a)),
    failedNotifications: application.failedNotifications.map((f) => ({ ...f, username: name })),
  };
}

function toAdminApplication(
  row: Selectable<RecruitmentApplicationsTable>,
  audit: AuditEntry[],
  notes: StaffNote[],
): Omit<AdminApplication, 'reviews' | 'withdrawnAt' | 'stageEnteredAt' | 'waiting' | 'failedNotifications'> {
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
