import { UNSET_DATE, UPLOAD_PATH_PREFIX } from '@guildhall/contracts/recruitment';

// 000 §9: dates are formatted day/month/year (en-GB).
const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' });

/** A date setting ('YYYY-MM-DD', or 'N/A' / empty for unset) as dd/mm/yyyy, or null when unset. */
export function formatSettingDate(value: string | null | undefined): string | null {
  if (!value || value === UNSET_DATE) return null;
  const ms = Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? null : dayFormat.format(ms);
}

/** A timestamp (ISO) as dd/mm/yyyy, hh:mm in the viewer's time zone, or null. */
export function formatTimestamp(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : timeFormat.format(ms);
}

/** 000 §2 Login screen: the period, from the start date or 'Now' to the end date or 'Indefinite'. */
export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string {
  return `${formatSettingDate(start) ?? 'Now'} – ${formatSettingDate(end) ?? 'Indefinite'}`;
}

/** 000 §2: an answer that is a URL is shown as a link 'View Uploaded File'. */
export function isUrlAnswer(answer: string): boolean {
  return answer.startsWith(UPLOAD_PATH_PREFIX) || /^https?:\/\//i.test(answer);
}

/** The same rule as the server (is-within-application-window.ts): open and inside the period (UTC days, end inclusive). */
export function isAcceptingApplications(
  settings: { applicationsOpen: string; applicationStartDate: string; applicationEndDate: string } | null,
  now = Date.now(),
): boolean {
  if (!settings || settings.applicationsOpen !== 'true') return false;
  const day = (v: string) => (v && v !== UNSET_DATE ? Date.parse(`${v.slice(0, 10)}T00:00:00Z`) : NaN);
  const start = day(settings.applicationStartDate);
  const end = day(settings.applicationEndDate);
  if (!Number.isNaN(start) && now < start) return false;
  if (!Number.isNaN(end) && now >= end + 86_400_000) return false;
  return true;
}

/** Text that reads well on a stage's colour: dark on light colours, white on dark ones. */
export function textColorOn(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#ffffff';
  const [r, g, b] = m.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#1b1f24' : '#ffffff';
}
