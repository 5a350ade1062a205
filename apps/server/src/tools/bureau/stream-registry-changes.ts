import type { ServerResponse } from 'node:http';
import type { RecordsChangeEvent } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';
import { streamTopicChanges } from '@server/core/events/stream-topic-changes';
import { REGISTRY_TOPIC, type RegistryChange } from '@server/core/registry/registry-repository';

/** What the records list needs of a registry change; bans and infractions do not change the list. */
export function toRecordsChange(change: RegistryChange): RecordsChangeEvent | null {
  switch (change.kind) {
    case 'pair.upserted':
      return { kind: 'pair.upserted', discordId: change.discordId, robloxId: change.robloxId };
    case 'pair.deleted':
      return { kind: 'pair.deleted', discordId: change.discordId };
    case 'imported':
      // A bulk import changes too much to send pair by pair: the page reloads its list.
      return { kind: 'reload' };
    default:
      return null;
  }
}

/** 001 §4 "The Verification list is read live": each registry change the list needs. */
export function streamRegistryChanges(deps: Pick<AppContext, 'events' | 'readiness'>, raw: ServerResponse): () => void {
  return streamTopicChanges<RecordsChangeEvent>(deps, raw, {
    topic: REGISTRY_TOPIC,
    toChange: (payload) => toRecordsChange(payload as RegistryChange),
    reload: { kind: 'reload' },
  });
}
