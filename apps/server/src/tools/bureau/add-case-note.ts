import type { CaseAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { caseAnswer, caseHistoryKey, loadCase } from './bureau-cases';
import { recordHistory } from './bureau-history';

/** Issue 14 item 2: a note added to a case later; the case's own 001 §3 Note stays as written. */
export async function addCaseNote(deps: BureauWriteDeps, number: number, body: string, actor: HistoryActor): Promise<CaseAnswer> {
  const { row } = await loadCase(deps, number);
  await deps.db
    .insertInto('bureau_case_notes')
    .values({ case_id: row.id, body, actor_kind: actor.kind, actor_id: actor.id, actor_name: actor.name, at: deps.now() })
    .execute();
  await recordHistory(deps, { ...caseHistoryKey(row), action: 'case.note_added', actor, before: null, after: { note: body } });
  return caseAnswer(deps, number);
}
