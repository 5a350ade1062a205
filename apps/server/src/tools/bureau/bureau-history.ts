import type { HistoryActor, HistoryEntry } from '@guildhall/contracts/bureau';
import type { BureauDeps } from './bureau-deps';
import type { BureauHistoryTable } from './bureau-tables';

export interface HistoryRecord {
  entity: BureauHistoryTable['entity'];
  key: string;
  discordId?: string | null;
  robloxId?: string | null;
  action: string;
  actor: HistoryActor;
  before: object | null;
  after: object | null;
}

/** Issue 14 item 5: keeps one change (who, when, before and after). */
export async function recordHistory(deps: Pick<BureauDeps, 'db' | 'now'>, record: HistoryRecord): Promise<void> {
  await deps.db
    .insertInto('bureau_history')
    .values({
      entity: record.entity,
      entity_key: record.key,
      discord_id: record.discordId ?? null,
      roblox_id: record.robloxId ?? null,
      action: record.action,
      actor_kind: record.actor.kind,
      actor_id: record.actor.id,
      actor_name: record.actor.name,
      at: deps.now(),
      before_json: record.before ? JSON.stringify(record.before) : null,
      after_json: record.after ? JSON.stringify(record.after) : null,
    })
    .execute();
}

const HISTORY_LIMIT = 500;

/** The newest changes first, concerning either account (a null ID is skipped). */
export async function listHistory(
  deps: Pick<BureauDeps, 'db'>,
  ids: { discordId: string | null; robloxId: string | null },
): Promise<HistoryEntry[]> {
  if (!ids.discordId && !ids.robloxId) return [];
  const rows = await deps.db
    .selectFrom('bureau_history')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(ids.discordId ? [eb('discord_id', '=', ids.discordId)] : []),
        ...(ids.robloxId ? [eb('roblox_id', '=', ids.robloxId)] : []),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    entity: row.entity,
    key: row.entity_key,
    action: row.action,
    actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
    at: Number(row.at),
    before: parseJson(row.before_json),
    after: parseJson(row.after_json),
  }));
}

function parseJson(text: string | null): Record<string, unknown> | null {
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

/** An infraction's place in the history: found by its subject's ID on its own platform. */
export function infractionHistoryKey(
  platform: 'Discord' | 'Roblox',
  subjectId: string,
  id: number,
): Pick<HistoryRecord, 'entity' | 'key' | 'discordId' | 'robloxId'> {
  return {
    entity: 'case',
    key: `${platform}/${subjectId}/${id}`,
    discordId: platform === 'Discord' ? subjectId : null,
    robloxId: platform === 'Roblox' ? subjectId : null,
  };
}
