import type { HistoryActor, HistoryEntry } from '@guildhall/contracts/bureau';
import { showStoredText } from '@guildhall/contracts/stored-text';

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

/**
 * '22 Nov 2026, 14:03 UTC' (times are kept in UTC, as the PDFs print them). The one formatter for a
 * bureau time on screen: cases, notes, history and the infraction cards (infraction-view) alike, so one
 * infraction never shows as two dates on one page.
 */
export function formatWhen(ms: number): string {
  return Number.isFinite(ms) ? `${whenFormat.format(ms)} UTC` : 'Unknown';
}

/** 'Staff registrar.rose', 'Bot "Mod bot" (key ab12cd34)', 'Member ...', 'System (Case expiry)'. */
export function describeActor(actor: HistoryActor): string {
  // Decision 0069: a name is its owner's text (a Discord name, a bot key's name), written out as stored.
  const name = showStoredText(actor.name ?? actor.id);
  switch (actor.kind) {
    case 'bot':
      return `Bot "${name}" (key ${actor.id})`;
    case 'system':
      return `System (${name})`;
    case 'staff':
      return `Staff ${name} (${actor.id})`;
    case 'member':
      return `Member ${name} (${actor.id})`;
  }
}

// Decision 0069: the values quoted are others' text (a reason, a note, a username), written out as stored.
const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : showStoredText(typeof value === 'string' ? value : JSON.stringify(value));

/** One line per field that changed: 'reason: Rude → Very rude'; a creation or removal lists its fields. */
export function describeChange(entry: Pick<HistoryEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}
