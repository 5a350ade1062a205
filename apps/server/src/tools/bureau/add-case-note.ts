import type { CaseAnswer, HistoryActor } from '@guildhall/contracts/bureau';
import type { BureauWriteDeps } from './bureau-deps';
import { caseAnswer, caseHistoryKey, loadCase } from './bureau-cases';
import { recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';

/** Issue 14 item 2: a note added to a case later; the case's own 001 §3 Note stays as written. */
export async function addCaseNote(deps: BureauWriteDeps, number: number, body: string, actor: HistoryActor): Promise<CaseAnswer> {
  // Decision 0042: the note and its history are kept together or not at all.
  await inOneTransaction(deps, async (tx) => {
    const { row } = await loadCase(tx, number);
    await tx.db
      .insertInto('bureau_case_notes')
      .values({ case_id: row.id, body, actor_kind: actor.kind, actor_id: actor.id, actor_name: actor.name, at: tx.now() })
      .execute();
    await recordHistory(tx, { ...caseHistoryKey(row), action: 'case.note_added', actor, before: null, after: { note: body } });
  });
  return caseAnswer(deps, number);
}
