import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleItem } from '@guildhall/contracts/timetable';
import { weekRangeLabel } from '@guildhall/contracts/timetable-rules';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { withStylesheet } from '@/test-support/with-stylesheet';
import { TimetableView } from './timetable-view';
import { TEST_SCHOOL_CONFIG } from '../lib/test-timetable';

const maths: ScheduleItem = {
  id: 3,
  subject_code: 'MA101',
  subject_name: 'Maths',
  day_of_week: 1,
  start_time: '08:30',
  end_time: '09:20',
  room: '101',
  status: 'Up-Coming',
  notes: '',
};

const CHANGED = {
  code: 'conflict',
  error: 'This class was changed in another tab or window since you opened it. Look at it again, then save.',
  details: { reason: 'class_changed' },
};

/** The stylesheet the timetable ships with. */
const withTimetableStyles = () => withStylesheet(import.meta.url, '../pages/timetable-page.css');

/** Next week's Monday class: never a past day, and its notes are open (002 §5). */
async function openNextWeek() {
  await userEvent.click(screen.getByRole('tab', { name: 'Full Week' }));
  await userEvent.click(screen.getByRole('button', { name: 'Next Week' }));
  return screen.findByRole('combobox', { name: 'Status of Maths at 08:30' });
}

// Decision 0057: a save names the class as the page shows it, so a stale tab cannot wipe another's note.
describe('002 §7 overrides from a page that may be stale', () => {
  it('sends the status and notes it shows with a status change (it sent none, so a stale tab wiped the note saved in another)', async () => {
    const server = fakeServer({
      'GET /timetable/api/schedule': () => [200, [{ ...maths, notes: 'Bring calculator' }]],
      'POST /timetable/api/schedule/override': ({ body }) => [200, body],
      'GET /timetable/api/overrides/all': () => [200, []],
    });
    renderWithApp(<TimetableView config={TEST_SCHOOL_CONFIG} homework={[]} />);
    await userEvent.selectOptions(await openNextWeek(), 'Cancelled');
    await expect.poll(() => server.calls.filter((c) => c.method === 'POST').length).toBe(1);
    expect(server.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      schedule_item_id: 3,
      status: 'Cancelled',
      notes: 'Bring calculator',
      expected: { status: 'Up-Coming', notes: 'Bring calculator' },
    });
  });

  it('keeps the typed note when refused as changed elsewhere; the second save names the class as it is now', async () => {
    let notes = '';
    let posts = 0;
    const server = fakeServer({
      'GET /timetable/api/schedule': () => [200, [{ ...maths, notes }]],
      'POST /timetable/api/schedule/override': ({ body }) => {
        if (posts++ > 0) return [200, body];
        notes = 'From the other tab'; // saved elsewhere after this page loaded the week
        return [409, CHANGED];
      },
      'GET /timetable/api/overrides/all': () => [200, []],
    });
    renderWithApp(<TimetableView config={TEST_SCHOOL_CONFIG} homework={[]} />);
    await openNextWeek();
    await userEvent.click(screen.getByRole('button', { name: 'Notes for Maths' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notes for Maths' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Quiz on Friday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText(/changed in another tab or window/)).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ notes: 'Quiz on Friday', expected: { notes: '' } });

    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('Quiz on Friday');
    // Saving again once the week was read again goes through, knowingly replacing the other tab's note.
    await expect.poll(() => server.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/schedule')).length).toBeGreaterThan(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Notes' }));
    await expect.poll(() => server.calls.filter((c) => c.method === 'POST').length).toBe(2);
    expect(server.calls.filter((c) => c.method === 'POST')[1]!.body).toMatchObject({
      notes: 'Quiz on Friday',
      expected: { status: 'Up-Coming', notes: 'From the other tab' },
    });
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Notes for Maths' })).toBeNull();
  });

  it("wraps a class's note of one long word inside its cell instead of running out of the class card (decision 0057)", async () => {
    withTimetableStyles();
    const longWord = 'https://classroom.example/assignment/'.padEnd(180, 'x');
    fakeServer({ 'GET /timetable/api/schedule': () => [200, [{ ...maths, notes: longWord }]] });
    renderWithApp(<TimetableView config={TEST_SCHOOL_CONFIG} homework={[]} />);
    await openNextWeek();
    expect(getComputedStyle(screen.getByText(longWord).closest('.tt-subject')!).overflowWrap).toBe('anywhere');
  });
});

// Decision 0064: "this week" is reckoned in the school's zone (GET /config), not the device's.
describe("the page's current week", () => {
  const deviceZone = process.env.TZ;
  afterEach(() => {
    vi.useRealTimers();
    process.env.TZ = deviceZone;
  });

  it("is the school's week on a device set to another time zone", async () => {
    // Monday 20 Oct 2025, 06:00 in Bangkok: still Sunday afternoon for a device set to Los Angeles time.
    process.env.TZ = 'America/Los_Angeles';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2025-10-20T06:00:00+07:00'));
    expect(new Date().getDay()).toBe(0);
    const weeks = new Set<string | null>();
    fakeServer({
      'GET /timetable/api/schedule': ({ url }) => {
        weeks.add(url.searchParams.get('week_start'));
        return [200, [maths]];
      },
    });
    renderWithApp(<TimetableView config={TEST_SCHOOL_CONFIG} homework={[]} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Full Week' }));
    expect(screen.getByTestId('week-range')).toHaveTextContent(weekRangeLabel('2025-10-20'));
    expect([...weeks]).toEqual(['2025-10-20']);
  });
});
