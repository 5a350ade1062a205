import { type CaseAnswer, type CreateCaseRequest, type HistoryActor, caseTypeExpires } from '@guildhall/contracts/bureau';
import type { z } from 'zod';
import { DomainError } from '@server/core/errors/domain-error';
import { retryOnWriteConflict } from '@server/core/db/retry-on-write-conflict';
import { infractionOf } from './add-infraction';
import type { BureauWriteDeps } from './bureau-deps';
import { caseAnswer, caseHistoryKey, caseSnapshot, findCaseRow } from './bureau-cases';
import { recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';
import { applyBanEffect } from './case-ban-effect';
import { scheduleCaseExpiry } from './lift-expired-ban';

type CreateCase = z.output<typeof CreateCaseRequest>;

/**
 * Issue 14 item 2: opens a case, for staff (records tool, infraction page) and bots alike. The case is
 * an infraction (001 §3: id = now in ms, Moderator, Reason, Note) with a number, a type, an optional
 * expiry and a hidden flag. A ban case on Roblox writes the ban (RobloxData/{robloxId}/Ban); an unban
 * case lifts it.
 */
export async function openCase(deps: BureauWriteDeps, input: CreateCase, actor: HistoryActor): Promise<CaseAnswer> {
  if (input.expiresAt !== null && input.expiresAt <= deps.now())
    throw new DomainError('invalid_input', 'expiresAt: must be later than now');
  if (input.expiresAt !== null && !caseTypeExpires(input.type))
    throw new DomainError('invalid_input', `expiresAt: a ${input.type} case does not expire`);
  // Decision 0042: the case, its infraction, the job that lifts a temporary ban (0041), the ban and
  // the history are kept together or not at all.
  const number = await retryOnWriteConflict(() =>
    inOneTransaction(deps, async (tx) => {
      const existing = await tx.registry.listInfractions(input.platform, input.subjectId);
      // 001 §3: the id is the date; two cases in one millisecond take the next free one. An id a bot
      // gave in the future does not move today's case past it.
      const taken = new Set(existing.map((i) => i.id));
      let id = tx.now();
      while (taken.has(id)) id++;
      const inserted = await tx.db
        .insertInto('bureau_cases')
        .values({
          platform: input.platform,
          subject_id: input.subjectId,
          infraction_id: id,
          type: input.type,
          expires_at: input.expiresAt,
          hidden: input.hidden ? 1 : 0,
          lifted_at: null,
          created_at: tx.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = (await findCaseRow(tx, Number(inserted.id)))!;
      await scheduleCaseExpiry(tx, row, tx.db);
      await tx.registry.addInfraction(infractionOf(input, id));
      await recordHistory(tx, { ...caseHistoryKey(row), action: 'case.opened', actor, before: null, after: caseSnapshot(row, input) });
      if (input.platform === 'Roblox') await applyBanEffect(tx, { ...input, previousType: null }, row.id, actor);
      return row.id;
    }),
  );
  return caseAnswer(deps, number);
}
