import type * as IcalGenerator from 'ical-generator';
import { lazyRequire } from '@server/core/lazy/lazy-require';
import { displayHomeworkId, homeworkDueAt } from '@guildhall/contracts/timetable-rules';
import { listScheduleItems } from './list-schedule-items';
import type { TimetableDeps } from './timetable-deps';
import { HOMEWORK_COLUMNS } from './timetable-tables';
import { calendarText } from '@server/core/text/calendar-text';

// Issue 17 item 6: loaded by the first calendar feed, not at start-up.
const loadIcal = lazyRequire<typeof IcalGenerator>('ical-generator');

/**
 * The owner's homework as an iCalendar feed: one event per item at its due date and time in the
 * school's zone (a 15-minute block so calendar apps show it), graded work left out.
 *
 * Decision 0064: an edited item says so, or a subscribed calendar may keep its old copy. The UID is the
 * row's (`homework-<id>@<host>`, as the appointments feed): unique across calendars, kept through an
 * edit of the homework ID, never given to another item (ids are not reused), so an item deleted and
 * made again with the same homework ID is a new event. With no METHOD, DTSTAMP is when the item was
 * last changed (RFC 5545 §3.8.7.2), as LAST-MODIFIED (§3.8.7.3); SEQUENCE (§3.8.7.4) is the whole
 * seconds from its creation to that change: 0 until it is edited, larger after each later edit.
 */
export async function exportHomeworkCalendar(deps: TimetableDeps, ownerId: number, studentId: string, publicUrl: string): Promise<string> {
  const [homework, items] = await Promise.all([
    deps.db
      .selectFrom('timetable_homework')
      .select([...HOMEWORK_COLUMNS, 'created_at', 'updated_at'])
      .where('owner_id', '=', ownerId)
      .where('status', '!=', 'Graded')
      .orderBy('id')
      .execute(),
    listScheduleItems(deps, ownerId),
  ]);
  const subjectNames = new Map(items.map((i) => [i.subject_code, i.subject_name]));
  const calendar = loadIcal().default({
    name: calendarName(`Homework ${studentId}`),
    prodId: { company: 'Guildhall', product: 'timetable', language: 'EN' },
  });
  const host = new URL(publicUrl).host;
  for (const item of homework) {
    const due = homeworkDueAt(item, deps.settings.timeZone);
    if (Number.isNaN(due)) continue;
    const subject = subjectNames.get(item.subject_code) ?? item.subject_code;
    calendar.createEvent({
      id: `homework-${item.id}@${host}`,
      // Never below 0 (RFC 5545), even were the server's clock set back between creation and an edit.
      sequence: Math.max(0, Math.floor((item.updated_at - item.created_at) / 1000)),
      start: new Date(due - 15 * 60_000),
      end: new Date(due),
      summary: calendarText(`${item.title} (${subject})`),
      description: calendarText(
        [`ID: ${displayHomeworkId(item.homework_id)}`, `Status: ${item.status}`, item.details].filter(Boolean).join('\n'),
      ),
      stamp: new Date(item.updated_at),
      lastModified: new Date(item.updated_at),
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
