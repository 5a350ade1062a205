import type * as IcalGenerator from 'ical-generator';
import { lazyRequire } from '@server/core/lazy/lazy-require';
import { displayHomeworkId, homeworkDueAt } from '@guildhall/contracts/timetable-rules';
import { listHomework } from './list-homework';
import { listScheduleItems } from './list-schedule-items';
import type { TimetableDeps } from './timetable-deps';
import { calendarText } from '@server/core/text/calendar-text';

// Issue 17 item 6: loaded by the first calendar feed, not at start-up.
const loadIcal = lazyRequire<typeof IcalGenerator>('ical-generator');

/**
 * The owner's homework as an iCalendar feed: one event per item at its due date and time in the
 * school's zone (a 15-minute block so calendar apps show it), graded work left out.
 */
export async function exportHomeworkCalendar(deps: TimetableDeps, ownerId: number, studentId: string, publicUrl: string): Promise<string> {
  const [homework, items] = await Promise.all([listHomework(deps, ownerId), listScheduleItems(deps, ownerId)]);
  const subjectNames = new Map(items.map((i) => [i.subject_code, i.subject_name]));
  const calendar = loadIcal().default({
    name: calendarName(`Homework ${studentId}`),
    prodId: { company: 'Guildhall', product: 'timetable', language: 'EN' },
  });
  const host = new URL(publicUrl).host;
  for (const item of homework) {
    if (item.status === 'Graded') continue;
    const due = homeworkDueAt(item, deps.settings.timeZone);
    if (Number.isNaN(due)) continue;
    const subject = subjectNames.get(item.subject_code) ?? item.subject_code;
    calendar.createEvent({
      id: `${item.homework_id}-${ownerId}@${host}`,
      start: new Date(due - 15 * 60_000),
      end: new Date(due),
      summary: calendarText(`${item.title} (${subject})`),
      description: calendarText(
        [`ID: ${displayHomeworkId(item.homework_id)}`, `Status: ${item.status}`, item.details].filter(Boolean).join('\n'),
      ),
      stamp: new Date(deps.now()),
    });
  }
  return calendar.toString();
}

/**
 * Audit (decision 0057): ical-generator escapes and folds event text, but writes the calendar's NAME and
 * X-WR-CALNAME as given. A student ID is any text but NUL (SchoolLoginRequest): a comma or semicolon
 * went out unescaped (RFC 5545 §3.3.11 TEXT), and a line break ended the property and started a line
 * of its own in the feed. Escaped here as RFC 5545 TEXT.
 */
function calendarName(text: string): string {
  return calendarText(text)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n');
}
