import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, type AuditAction, type AuditAnswer, type AuditEntry } from '@guildhall/contracts/admin';
import type { Generated, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { CoreTables } from '../db/core-tables';
import { readOffsetPage } from '../db/read-offset-page';
import { cutText } from '../text/cut-text';

export interface AuditEventsTable {
  id: Generated<number>;
  at: number;
  action: string;
  actor_kind: string;
  actor: string;
  target: string | null;
  detail: string | null;
  address: string | null;
}

// A type alias (not an interface) so Kysely's withTables accepts it.
type AuditTables = { audit_events: AuditEventsTable };

/** Who did it: a signed-in person (`discord`, `school`) or a shell on the server (`cli`), and from where. */
export interface AuditActor {
  kind: 'discord' | 'school' | 'line' | 'cli';
  id: string;
  /** The client address; null from the CLI. */
  address: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  target?: string | null;
  detail?: string | null;
}

const auditDb = (db: Kysely<CoreTables>) => db.withTables<AuditTables>();

/** Issue 12 item 7: one line of the audit log, written where the event happens. */
export async function recordAudit(db: Kysely<CoreTables>, now: () => number, actor: AuditActor, record: AuditRecord): Promise<void> {
  await auditDb(db)
    .insertInto('audit_events')
    .values({
      at: now(),
      action: record.action,
      actor_kind: actor.kind,
      actor: actor.id,
      target: record.target ?? null,
      detail: record.detail === undefined || record.detail === null ? null : cutText(record.detail, 500),
      address: actor.address,
    })
    .execute();
}

/** `%` and `_` typed by a person match themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The Who column as the console writes it (contracts' describeAuditActor), lower-cased, in SQL, so a
 * search for "Student 90000005" or "Command line" finds what the table shows. The admin console's
 * integration test checks every kind against describeAuditActor, which keeps the two in step.
 */
const actorInWords = sql<string>`lower(case actor_kind
  when 'cli' then 'Command line (' || actor || ')'
  when 'school' then 'Student ' || actor
  when 'line' then 'LINE ' || actor
  else 'Discord ' || actor end)`;

/**
 * A page of the audit log, newest first: `q` is a case-insensitive substring of who (kind or id, or
 * the Who column's words), what it was about, the detail, the address, or the action (its code or the
 * What column's words: a search for "Role granted" found nothing); `action` narrows to one kind.
 */
export async function searchAudit(
  db: Kysely<CoreTables>,
  query: { q?: string | undefined; action?: AuditAction | undefined; page: number; pageSize: number },
): Promise<AuditAnswer> {
  let base = auditDb(db).selectFrom('audit_events');
  if (query.action) base = base.where('action', '=', query.action);
  if (query.q) {
    const pattern = likePattern(query.q);
    const needle = query.q.toLowerCase();
    const actionsNamed = AUDIT_ACTIONS.filter((action) => AUDIT_ACTION_LABELS[action].toLowerCase().includes(needle));
    base = base.where((eb) =>
      eb.or([
        ...(['actor_kind', 'actor', 'target', 'detail', 'address', 'action'] as const).map(
          (column) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`,
        ),
        sql<boolean>`${actorInWords} like ${pattern} escape '\\'`,
        ...(actionsNamed.length ? [eb('action', 'in', actionsNamed)] : []),
      ]),
    );
  }
  const { rows, ...page } = await readOffsetPage(base, base.selectAll().orderBy('id', 'desc'), query);
  return { entries: rows.map(toEntry), ...page };
}

function toEntry(
  row: { id: number; at: number; action: string; actor_kind: string; actor: string } & Record<
    'target' | 'detail' | 'address',
    string | null
  >,
): AuditEntry {
  return {
    id: Number(row.id),
    at: Number(row.at),
    action: row.action as AuditAction,
    actorKind: row.actor_kind,
    actor: row.actor,
    target: row.target,
    detail: row.detail,
    address: row.address,
  };
}
