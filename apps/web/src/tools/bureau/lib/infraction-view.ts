import type { PersonInfraction } from '@guildhall/contracts/bureau';
import { type DateOptions, orUnknown } from './checker-view';

/** 001 §2 Infraction variant: the text when a person has none, word for word. */
export const NO_INFRACTIONS = 'No infractions on record for any platform.';

/** 001 §2: a missing note reads 'N/A'. */
export const NOT_AVAILABLE = 'N/A';

export interface InfractionCardView {
  key: string;
  /** Card header: the platform and the date. */
  platform: PersonInfraction['platform'];
  date: string;
  /** Card body, in the spec's order: moderator, reason (only if present), note or 'N/A'. */
  rows: Array<{ label: 'Moderator' | 'Reason' | 'Note'; value: string }>;
}

/**
 * 001 §9: the id serves as the date (the server reads it into `date`); shown in the reader's own locale
 * and zone, as the checker shows ban dates. An id that is no real date reads 'Unknown'.
 */
export function formatInfractionDate(iso: string | null, options: DateOptions = {}): string {
  if (!iso) return 'Unknown';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'Unknown';
  return new Intl.DateTimeFormat(options.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: options.timeZone }).format(time);
}

/** One card per infraction (001 §2), as the printed Infraction Record shows it: same fields, same order. */
export function toInfractionCardView(infraction: PersonInfraction, options: DateOptions = {}): InfractionCardView {
  const reason = infraction.reason?.trim();
  const note = infraction.note?.trim();
  return {
    key: `${infraction.platform}-${infraction.id}`,
    platform: infraction.platform,
    date: formatInfractionDate(infraction.date, options),
    rows: [
      { label: 'Moderator', value: orUnknown(infraction.moderator) },
      ...(reason ? [{ label: 'Reason' as const, value: reason }] : []),
      { label: 'Note', value: note ? note : NOT_AVAILABLE },
    ],
  };
}
