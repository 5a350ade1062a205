import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleItem } from '@guildhall/contracts/timetable';
import { weekRangeLabel } from '@guildhall/contracts/timetable-rules';
import { schoolI18n } from '@/lib/i18n/school-i18n';
import { fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { TEST_SCHOOL_CONFIG, testHomework } from '../lib/test-timetable';
import { TimetablePage } from './timetable-page';

// Decision 0064: the page's "now" is the server's clock (GET /config's serverNow), read in the
// school's zone: a phone whose clock is days off still shows the school's week, today and what is due.

const DAY = 86_400_000;
/** The device runs 9 days behind the server: Monday 13 Oct 2025 when it is Wednesday 22 Oct at the school. */
const DEVICE_BEHIND = 9 * DAY;

const lesson = (id: number, subject: string, day: number): ScheduleItem => ({
  id,
  subject_code: subject.toUpperCase(),
  subject_name: subject,
  day_of_week: day,
  start_time: '13:00',
  end_time: '13:50',
  room: '101',
  status: 'Up-Coming',
  notes: '',
});

/** The school's server, its clock `skew` ahead of the device's (the test moves both). */
function schoolServer() {
  const server = { skew: DEVICE_BEHIND, weeks: new Set<string | null>(), configRefused: false };
  const calls = fakeServer({
    'GET /timetable/api/config': () =>
      server.configRefused
        ? [429, { error: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' }]
        : [200, { ...TEST_SCHOOL_CONFIG, serverNow: Date.now() + server.skew }],
    'GET /timetable/api/me': () => [200, { userId: 1, studentId: '68960001', email: null, role: 'student' }],
    'GET /timetable/api/homework': () => [200, [testHomework(1, { title: 'Essay', due_date: '2025-10-21', due_time: '10:00' })]],
    'GET /timetable/api/schedule': ({ url }) => {
      server.weeks.add(url.searchParams.get('week_start'));
      return [200, [lesson(1, 'Maths', 1), lesson(2, 'Science', 3)]];
    },
  });
  return Object.assign(server, calls);
}

const openFullWeek = () => userEvent.click(screen.getByRole('tab', { name: 'Full Week' }));
const todayColumn = () => document.querySelector('section.tt-day[data-today]')?.getAttribute('aria-label');

beforeEach(async () => {
  localStorage.clear();
  await act(() => schoolI18n.changeLanguage('en'));
});
afterEach(() => vi.useRealTimers());

describe("the page's clock is the server's", () => {
  it("shows the server's week, today and due work on a device whose clock is 9 days behind", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2025-10-22T10:00:00+07:00') - DEVICE_BEHIND);
    const server = schoolServer();
    renderWithApp(<TimetablePage />);

    // The header clock and Today's Upcoming: Wednesday's class, not the device's Monday's.
    expect(await screen.findByTestId('clock')).toHaveTextContent('10:00:00');
    expect(screen.getByText('Wednesday, 22 October 2025')).toBeInTheDocument();
    expect(await screen.findByText('Science')).toBeInTheDocument();
    expect(screen.queryByText('Maths')).not.toBeInTheDocument();

    await openFullWeek();
    expect(screen.getByTestId('week-range')).toHaveTextContent(weekRangeLabel('2025-10-20'));
    expect(todayColumn()).toBe('Wednesday');
    expect([...server.weeks]).toEqual(['2025-10-20']);

    // Due at 10:00 yesterday for the server; a week ahead for the device.
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Homework' }));
    const essay = (await screen.findByText('Essay')).closest('li')!;
    expect(within(essay).getByText('Due')).toBeInTheDocument();
  });

  it("moves on at the school's midnight while open, and measures again when the device's clock is set", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    // Sunday 26 Oct 2025, 23:59:45 at the school.
    vi.setSystemTime(Date.parse('2025-10-26T23:59:45+07:00') - DEVICE_BEHIND);
    const server = schoolServer();
    renderWithApp(<TimetablePage />);
    await screen.findByTestId('clock');
    await openFullWeek();
    expect(screen.getByTestId('week-range')).toHaveTextContent(weekRangeLabel('2025-10-20'));

    // 002 §4's re-evaluation 30 s later is Monday: the next week, Monday today.
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('week-range')).toHaveTextContent(weekRangeLabel('2025-10-27'));
    await expect.poll(todayColumn).toBe('Monday');
    expect(screen.getByText('Monday, 27 October 2025')).toBeInTheDocument();

    // The phone's clock is corrected (9 days forward): until the page measures again, it runs 9 days
    // ahead; the next answer, within 10 minutes, brings it back to the server's day.
    vi.setSystemTime(Date.now() + DEVICE_BEHIND);
    server.skew = 0;
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('week-range')).toHaveTextContent(weekRangeLabel('2025-11-03'));
    const configCalls = () => server.calls.filter((c) => c.path === '/timetable/api/config').length;
    expect(configCalls()).toBe(1);
    act(() => vi.advanceTimersByTime(10 * 60_000));
    await expect.poll(configCalls).toBe(2);
    expect(await screen.findByText('Monday, 27 October 2025')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('week-range')).toHaveTextContent(weekRangeLabel('2025-10-27'));
    await expect.poll(todayColumn).toBe('Monday');
  });

  it('keeps the page and its clock when measuring again fails', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(Date.parse('2025-10-22T10:00:00+07:00') - DEVICE_BEHIND);
    const server = schoolServer();
    renderWithApp(<TimetablePage />);
    expect(await screen.findByText('Science')).toBeInTheDocument();
    server.configRefused = true;
    act(() => vi.advanceTimersByTime(10 * 60_000));
    await expect.poll(() => server.calls.filter((c) => c.path === '/timetable/api/config').length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Science')).toBeInTheDocument();
    expect(screen.getByText('Wednesday, 22 October 2025')).toBeInTheDocument();
  });
});
