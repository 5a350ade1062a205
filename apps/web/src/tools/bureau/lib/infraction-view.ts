import { showStoredLines, showStoredText } from '@guildhall/contracts/stored-text';
import type { PersonInfraction } from '@guildhall/contracts/bureau';
import { formatWhen } from './case-view';
import { UNKNOWN, orUnknown } from './checker-view';

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
 * 001 §9: the id serves as the date (the server reads it into `date`). Shown as every other bureau
 * time is, in UTC and labelled so ('24 Nov 2026, 17:21 UTC', case-view's formatWhen): the Cases cards
 * and the printed record show the same infraction that way on the same page, and a reader's own zone
 * without a label made one infraction read as two different dates. An id that is no real date reads
 * 'Unknown'.
 */
export function formatInfractionDate(iso: string | null): string {
  return iso ? formatWhen(Date.parse(iso)) : UNKNOWN;
}

/**
 * One card per infraction (001 §2), as the printed Infraction Record shows it: same fields, same order,
 * and, as there, with direction controls and stacked marks written out (decision 0069): the texts are
 * a bot's or a moderator's, and may quote anyone.
 */
export function toInfractionCardView(infraction: PersonInfraction): InfractionCardView {
  // Decision 0069: a text of blank lines only shows as none (no reason; note 'N/A'), as in the PDF.
  const reason = showStoredLines(infraction.reason?.trim() ?? '');
  const note = showStoredLines(infraction.note?.trim() ?? '');
  return {
    key: `${infraction.platform}-${infraction.id}`,
    platform: infraction.platform,
    date: formatInfractionDate(infraction.date),
    rows: [
      { label: 'Moderator', value: showStoredText(orUnknown(infraction.moderator)) },
      ...(reason ? [{ label: 'Reason' as const, value: reason }] : []),
      { label: 'Note', value: note || NOT_AVAILABLE },
    ],
  };
}
