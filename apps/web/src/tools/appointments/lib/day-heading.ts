/**
 * "Mon 7 Dec" (with `year`: "Mon, 7 Dec 2026") for a YYYY-MM-DD date: a calendar day, no time zone
 * involved. The staff calendar's day headings and the booking rules page's closed days.
 */
export function dayHeading(date: string, { year = false }: { year?: boolean } = {}): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}
