import { type SettingsAnswer, UNSET_DATE } from '@guildhall/contracts/recruitment';

const DAY_MS = 86_400_000;

/**
 * 000 §2/§4: applications are accepted when open and inside the period. A start date counts from the
 * start of that day and an end date to the end of that day (inclusive), both in UTC; 'N/A' means no
 * bound ('Now' / 'Indefinite').
 */
export function isWithinApplicationWindow(
  settings: Pick<SettingsAnswer, 'applicationsOpen' | 'applicationStartDate' | 'applicationEndDate'>,
  now: number,
): boolean {
  if (settings.applicationsOpen !== 'true') return false;
  const start = parseDay(settings.applicationStartDate);
  const end = parseDay(settings.applicationEndDate);
  if (start !== null && now < start) return false;
  if (end !== null && now >= end + DAY_MS) return false;
  return true;
}

function parseDay(value: string): number | null {
  if (!value || value === UNSET_DATE) return null;
  const ms = Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms;
}
