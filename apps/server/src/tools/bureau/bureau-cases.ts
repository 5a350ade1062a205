import { type CaseAnswer, type CaseInfo, type CaseType, DEFAULT_CASE_TYPE_LABELS, type Platform } from '@guildhall/contracts/bureau';
import type { Selectable } from 'kysely';
import { DomainError } from '@server/core/errors/domain-error';
import type { Infraction } from '@server/core/registry/registry-repository';
import type { BureauDeps, BureauWriteDeps } from './bureau-deps';
import { infractionHistoryKey } from './bureau-history';
import type { BureauCasesTable } from './bureau-tables';
import { infractionDateOf } from './list-person-infractions';

/** Issue 14 item 2: infractions written before cases (or by the import) read as warnings. */
export const DEFAULT_CASE_TYPE: CaseType = 'warn';

export type CaseRow = Omit<BureauCasesTable, 'id'> & { id: number };

/** BUREAU_CASE_TYPE_LABELS ("warn=Warning,mute=Timeout") over the defaults. */
export function parseCaseTypeLabels(setting: string | undefined): Record<CaseType, string> {
  const labels = { ...DEFAULT_CASE_TYPE_LABELS };
  for (const pair of setting?.split(',') ?? []) {
    const [type, label] = pair.split('=') as [CaseType, string];
    if (type in labels && label?.trim()) labels[type] = label.trim();
  }
  return labels;
}

export function isExpired(row: Pick<CaseRow, 'expires_at'>, now: number): boolean {
  return row.expires_at !== null && row.expires_at <= now;
}

/**
 * The case of each infraction, in the infractions' order; an infraction without one (written before
 * cases existed, or imported) gets one now, numbered in the order of its 001 §3 id.
 */
export async function casesOf(deps: Pick<BureauDeps, 'db' | 'now'>, infractions: readonly Infraction[]): Promise<CaseRow[]> {
  if (infractions.length === 0) return [];
  const load = () =>
    deps.db
      .selectFrom('bureau_cases')
      .selectAll()
      .where((eb) =>
        eb.or(
          [...new Set(infractions.map((i) => `${i.platform}\u0000${i.subjectId}`))].map((key) => {
            const [platform, subjectId] = key.split('\u0000') as [Platform, string];
            return eb.and([eb('platform', '=', platform), eb('subject_id', '=', subjectId)]);
          }),
        ),
      )
      .execute();
  const keyOf = (platform: string, subjectId: string, id: number) => `${platform}/${subjectId}/${id}`;
  let rows = await load();
  const known = new Set(rows.map((r) => keyOf(r.platform, r.subject_id, Number(r.infraction_id))));
  const missing = infractions.filter((i) => !known.has(keyOf(i.platform, i.subjectId, i.id))).sort((a, b) => a.id - b.id);
  if (missing.length) {
    await deps.db
      .insertInto('bureau_cases')
      .values(
        missing.map((i) => ({
          platform: i.platform,
          subject_id: i.subjectId,
          infraction_id: i.id,
          type: DEFAULT_CASE_TYPE,
          expires_at: null,
          hidden: 0,
          lifted_at: null,
          created_at: deps.now(),
        })),
      )
      // A racing reader numbered it first: its number stands.
      .onConflict((oc) => oc.columns(['platform', 'subject_id', 'infraction_id']).doNothing())
      .execute();
    rows = await load();
  }
  const byKey = new Map(rows.map((r) => [keyOf(r.platform, r.subject_id, Number(r.infraction_id)), normalise(r)]));
  return infractions.map((i) => byKey.get(keyOf(i.platform, i.subjectId, i.id))!);
}

function normalise(row: Selectable<BureauCasesTable>): CaseRow {
  return {
    ...row,
    id: Number(row.id),
    infraction_id: Number(row.infraction_id),
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    lifted_at: row.lifted_at === null ? null : Number(row.lifted_at),
    hidden: Number(row.hidden),
    created_at: Number(row.created_at),
  };
}

export async function findCaseRow(deps: Pick<BureauDeps, 'db'>, number: number): Promise<CaseRow | null> {
  const row = await deps.db.selectFrom('bureau_cases').selectAll().where('id', '=', number).executeTakeFirst();
  return row ? normalise(row) : null;
}

/**
 * A check of the caller against the case as the write holds it, which throws to refuse (decision 0060:
 * whether a bot's case call does a ban's work depends on the case's type, which a racing amendment can
 * change between a read before the write and the write).
 */
export type CaseCheck = (row: CaseRow) => void;

/** The case and its infraction, or a 404 naming the number; `check` sees the row once it is held. */
export async function loadCase(
  deps: BureauWriteDeps,
  number: number,
  check?: CaseCheck,
): Promise<{ row: CaseRow; infraction: Infraction }> {
  // Inside a write (decision 0042) the case row is held from this read on, so racing writes to one case
  // (a bot's retry) run one after the other, each reading what the last left: an amendment made twice
  // is written to the history once. SQLite's one writer already runs them so.
  const locked = deps.db.isTransaction && deps.dialect === 'postgres';
  const found = await deps.db
    .selectFrom('bureau_cases')
    .selectAll()
    .where('id', '=', number)
    .$if(locked, (query) => query.forUpdate())
    .executeTakeFirst();
  const row = found ? normalise(found) : null;
  const infraction = row && (await deps.registry.listInfractions(row.platform, row.subject_id)).find((i) => i.id === row.infraction_id);
  if (!row || !infraction) throw new DomainError('not_found', `There is no case ${number}.`);
  check?.(row);
  return { row, infraction };
}

/** The latest ban case of a Roblox ID whose ban it has not lifted: it rules what the checker shows. */
export async function currentBanCase(deps: Pick<BureauDeps, 'db'>, robloxId: string): Promise<CaseRow | null> {
  const row = await deps.db
    .selectFrom('bureau_cases')
    .selectAll()
    .where('platform', '=', 'Roblox')
    .where('subject_id', '=', robloxId)
    .where('type', '=', 'ban')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && row.lifted_at === null ? normalise(row) : null;
}

export async function notesOf(deps: Pick<BureauDeps, 'db'>, caseIds: readonly number[]): Promise<Map<number, CaseInfo['notes']>> {
  const notes = new Map<number, CaseInfo['notes']>();
  if (caseIds.length === 0) return notes;
  const rows = await deps.db.selectFrom('bureau_case_notes').selectAll().where('case_id', 'in', caseIds).orderBy('id').execute();
  for (const row of rows) {
    const list = notes.get(Number(row.case_id)) ?? [];
    list.push({
      id: Number(row.id),
      body: row.body,
      author: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
      at: Number(row.at),
    });
    notes.set(Number(row.case_id), list);
  }
  return notes;
}

export function toCaseInfo(deps: Pick<BureauDeps, 'now' | 'caseTypeLabels'>, row: CaseRow, notes: CaseInfo['notes']): CaseInfo {
  return {
    number: row.id,
    type: row.type,
    typeLabel: deps.caseTypeLabels[row.type],
    expiresAt: row.expires_at,
    expired: isExpired(row, deps.now()),
    hidden: row.hidden === 1,
    notes,
  };
}

/** One case as the API answers it, read again from the database. */
export async function caseAnswer(deps: BureauWriteDeps, number: number): Promise<CaseAnswer> {
  const { row, infraction } = await loadCase(deps, number);
  const notes = await notesOf(deps, [row.id]);
  return toCaseAnswer(deps, infraction, row, notes);
}

/** An infraction (001 §3) with its case, as the API answers it; `notes` by case number. */
export function toCaseAnswer(
  deps: Pick<BureauDeps, 'now' | 'caseTypeLabels'>,
  infraction: Infraction,
  row: CaseRow,
  notes: ReadonlyMap<number, CaseInfo['notes']>,
): CaseAnswer {
  return {
    platform: infraction.platform,
    subjectId: infraction.subjectId,
    id: infraction.id,
    date: infractionDateOf(infraction.id),
    moderator: infraction.moderator,
    reason: infraction.reason,
    note: infraction.note,
    case: toCaseInfo(deps, row, notes.get(row.id) ?? []),
  };
}

/** A case's place in the history: by its number, found by its subject's ID. */
export function caseHistoryKey(row: Pick<CaseRow, 'id' | 'platform' | 'subject_id' | 'infraction_id'>) {
  return { ...infractionHistoryKey(row.platform, row.subject_id, row.infraction_id), key: String(row.id) };
}

/** What the history keeps of a case: its 001 §3 fields and its case fields. */
export function caseSnapshot(row: CaseRow, infraction: Pick<Infraction, 'moderator' | 'reason' | 'note'>) {
  return {
    number: row.id,
    platform: row.platform,
    subjectId: row.subject_id,
    type: row.type,
    moderator: infraction.moderator,
    reason: infraction.reason,
    note: infraction.note,
    expiresAt: row.expires_at,
    hidden: row.hidden === 1,
  };
}
