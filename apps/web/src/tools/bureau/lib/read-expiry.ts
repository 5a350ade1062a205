/**
 * Reading a case's expiry from an <input type="datetime-local"> (the value is the reader's wall time,
 * 'YYYY-MM-DDTHH:mm[:ss[.sss]]'). Shared by the forms that set one (open a case, amend a case).
 *
 * Why not `new Date(value)`: Chromium's field accepts a 5-digit year ('10000-01-01T10:00'), which
 * `new Date` reads as Invalid Date; the form then sent `expiresAt: null` and a temporary ban opened as a
 * permanent one while the page said the case was opened. A value the user typed is either read into
 * an instant or refused with a sentence, never quietly turned into "no expiry".
 */

/** The latest value the field offers (its `max`): the last minute of the last 4-digit year. */
export const EXPIRY_INPUT_MAX = '9999-12-31T23:59';

/** The field is read in the reader's zone while cases show UTC (case-view): said under the field. */
export const EXPIRY_HINT = 'In your own time zone; cases show times in UTC.';

export const EXPIRY_UNREADABLE = 'The expiry could not be read. Pick a date and time, or clear the field.';
export const EXPIRY_INCOMPLETE = 'The expiry is not complete. Fill in both the date and the time, or clear the field.';
export const EXPIRY_TOO_LATE = 'The expiry must be no later than 31 Dec 9999, 23:59.';
/** The server refuses the same (open-case: "expiresAt: must be later than now"); said here first. */
export const EXPIRY_IN_PAST = 'The expiry must be later than now.';

export type ExpiryReading = { ok: true; expiresAt: number | null } | { ok: false; message: string };

export interface ReadExpiryOptions {
  /**
   * The field's `validity.badInput`: a browser keeps `value` empty while the field is only partly
   * filled in (a date but no time), so an empty value alone does not mean the user typed nothing.
   */
  badInput?: boolean;
  /** Epoch ms; when given, an expiry at or before it is refused. Leave out to accept a past expiry. */
  now?: number;
}

const LOCAL_DATE_TIME = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * The expiry a datetime-local value names, as epoch ms in the reader's zone; `expiresAt: null` only for
 * an empty (and not half-filled) field, which means "does not expire".
 */
export function readExpiry(value: string, { badInput = false, now }: ReadExpiryOptions = {}): ExpiryReading {
  if (value === '') return badInput ? { ok: false, message: EXPIRY_INCOMPLETE } : { ok: true, expiresAt: null };
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return { ok: false, message: EXPIRY_UNREADABLE };
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const second = Number(match[6] ?? 0);
  const millisecond = Number((match[7] ?? '0').padEnd(3, '0'));
  if (year > 9999) return { ok: false, message: EXPIRY_TOO_LATE };
  if (year < 1 || hour > 23 || minute > 59 || second > 59) return { ok: false, message: EXPIRY_UNREADABLE };
  // setFullYear, not the Date constructor: the constructor reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setFullYear(year, month - 1, day);
  date.setHours(hour, minute, second, millisecond);
  // A day the month does not have (31 April) rolls over into the next month: refuse it, do not move it.
  if (Number.isNaN(date.getTime()) || date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return { ok: false, message: EXPIRY_UNREADABLE };
  const expiresAt = date.getTime();
  if (now !== undefined && expiresAt <= now) return { ok: false, message: EXPIRY_IN_PAST };
  return { ok: true, expiresAt };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the reader's zone, to the minute (e.g. for the field's `min`). */
export function toExpiryInput(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getFullYear()).padStart(4, '0')}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
