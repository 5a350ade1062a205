import type { BotAddInfractionAnswer, BotAddInfractionRequest, HistoryActor } from '@guildhall/contracts/bureau';
import type { z } from 'zod';
import type { Infraction } from '@server/core/registry/registry-repository';
import type { BureauWriteDeps } from './bureau-deps';
import { infractionHistoryKey, recordHistory } from './bureau-history';
import { inOneTransaction } from './in-one-transaction';

type AddInfraction = z.output<typeof BotAddInfractionRequest>;
const SAME_FIELDS = ['moderator', 'reason', 'note'] as const;

/** 001 §3's infraction from a request that names one (a bot's infraction, a case), under `id`. */
export function infractionOf(input: Omit<Infraction, 'id'>, id: number): Infraction {
  return { platform: input.platform, subjectId: input.subjectId, id, moderator: input.moderator, reason: input.reason, note: input.note };
}

/**
 * 001 §3 Infractions/{category}/{subjectId}/{id}: the id is an epoch-like number used as the date, so
 * it defaults to now (ms). The same id again replaces that infraction (idempotent retries).
 */
export async function addInfraction(deps: BureauWriteDeps, input: AddInfraction, actor: HistoryActor): Promise<BotAddInfractionAnswer> {
  // Decision 0042: the infraction and the history change together or not at all.
  return inOneTransaction(
    deps,
    async (tx) => {
      const id = input.id ?? tx.now();
      const existing = (await tx.registry.listInfractions(input.platform, input.subjectId)).find((i) => i.id === id) ?? null;
      const after = infractionOf(input, id);
      // Decision 0030: a write that changes nothing records nothing. A bot resending the infraction it
      // gave an id to (its retry after a timeout, two bots relaying one moderation) answered `changed`
      // and wrote an `infraction.replaced` entry per resend into the history.
      if (existing && SAME_FIELDS.every((field) => existing[field] === after[field])) return { ok: true, changed: false, id };
      await tx.registry.addInfraction(after);
      await recordHistory(tx, {
        ...infractionHistoryKey(input.platform, input.subjectId, id),
        action: existing ? 'infraction.replaced' : 'infraction.added',
        actor,
        before: existing,
        after,
      });
      return { ok: true, changed: true, id };
    },
    `infractions:${input.platform}/${input.subjectId}`,
  );
}
