import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeBookingSettings } from '@guildhall/testkit/appointments-demo';
import { describe, expect, it, vi } from 'vitest';
import { discordMe, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { BookingSettingsPage } from './booking-settings-page';

const settings = makeBookingSettings();
/** A working day of the factory's plan, as the saved body keeps it. */
const day = { opens: '09:00', closes: '17:00', breaks: [] };
const staff = discordMe(['bureau-staff']);
const answer = { timeZone: 'Asia/Bangkok', settings, updatedAt: null, updatedBy: null };

describe('issue 15 item 3: the booking rules page', () => {
  it('edits the weekly plan, a break, a holiday and the limits, and saves them all', async () => {
    const server = fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [200, answer],
      'PUT /bureau/worker/staff/settings': ({ body }) => [
        200,
        {
          ...answer,
          settings: body,
          updatedAt: '2030-01-01T00:00:00.000Z',
          updatedBy: '1',
          closedDays: [],
          outsideHours: [],
          overSeats: [],
        },
      ],
    });
    renderWithApp(<BookingSettingsPage />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Open on Saturday' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Add break' })[0]!);
    const seats = screen.getByLabelText('Seats per slot');
    await userEvent.clear(seats);
    await userEvent.type(seats, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    await userEvent.type(screen.getByLabelText('Holiday 1 date'), '2030-04-13');
    await userEvent.type(screen.getByLabelText('Holiday 1 name'), 'Songkran');
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The new rules apply to bookings from now on.')).toBeInTheDocument();
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      capacity: 3,
      holidays: [{ date: '2030-04-13', name: 'Songkran' }],
      weekly: [null, { opens: '09:00', closes: '17:00', breaks: [{ start: '12:00', end: '13:00' }] }, day, day, day, day, day],
    });
  });

  // A Remove button goes with its row: focus fell to the page's body.
  it('keeps focus on the list when a break, a holiday or a one-off change is removed', async () => {
    fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [200, answer],
    });
    renderWithApp(<BookingSettingsPage />);
    const addBreak = (await screen.findAllByRole('button', { name: 'Add break' }))[0]!;
    await userEvent.click(addBreak);
    await userEvent.click(screen.getByRole('button', { name: 'Remove break' }));
    expect(addBreak).toHaveFocus();
    for (const [add, remove] of [
      ['Add holiday', 'Remove holiday'],
      ['Add one-off change', 'Remove change'],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name: add }));
      await userEvent.click(screen.getByRole('button', { name: add }));
      await userEvent.click(screen.getAllByRole('button', { name: remove })[1]!);
      expect(screen.getByRole('button', { name: add })).toHaveFocus();
      expect(screen.getAllByRole('button', { name: remove })).toHaveLength(1);
    }
  });

  it('shows a close at midnight (24:00), which a time field cannot hold, and sets one', async () => {
    const server = fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [
        200,
        { ...answer, settings: { ...settings, weekly: [null, { ...day, closes: '24:00' }, day, day, day, day, null] } },
      ],
      'PUT /bureau/worker/staff/settings': ({ body }) => [
        200,
        { ...answer, settings: body, closedDays: [], outsideHours: [], overSeats: [] },
      ],
    });
    renderWithApp(<BookingSettingsPage />);
    expect(await screen.findByRole('checkbox', { name: 'Monday open until midnight' })).toBeChecked();
    expect(screen.getByLabelText('Monday closes')).toBeDisabled();
    expect(screen.getByText('At midnight (24:00)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tuesday open until midnight' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday open until midnight' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await screen.findByText('The new rules apply to bookings from now on.');
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      weekly: [null, { opens: '09:00', closes: '17:00' }, { opens: '09:00', closes: '24:00' }, day, day, day, null],
    });
  });

  it('issue 15 item 4: edits the reminders as minutes before, comma-separated', async () => {
    const server = fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [200, { ...answer, settings: { ...settings, reminderMinutes: [1440, 60] } }],
      'PUT /bureau/worker/staff/settings': ({ body }) => [
        200,
        { ...answer, settings: body, closedDays: [], outsideHours: [], overSeats: [] },
      ],
    });
    renderWithApp(<BookingSettingsPage />);
    const reminders = await screen.findByLabelText('Reminders (minutes before)');
    expect(reminders).toHaveValue('1440, 60');
    await userEvent.clear(reminders);
    await userEvent.type(reminders, '1440, 10');
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The new rules apply to bookings from now on.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ reminderMinutes: [1440, 10] });
  });

  it("shows the server's sentence when it refuses the rules, naming each field by its label", async () => {
    fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [200, answer],
      'PUT /bureau/worker/staff/settings': () => [
        400,
        {
          error:
            'weekly.1.closes: must be later than opens; reminderMinutes.1: must be a whole number of minutes; capacity: must be at least 1',
          code: 'invalid_input',
        },
      ],
    });
    renderWithApp(<BookingSettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save rules' }));
    expect(
      await screen.findByText(
        'Monday closes: must be later than opens; Reminder 2: must be a whole number of minutes; Seats per slot: must be at least 1',
      ),
    ).toBeInTheDocument();
  });

  it('decision 0053: sends the version it loaded; a save refused as stale keeps the draft until staff load the current rules', async () => {
    const stale = 'Another staff member changed the booking rules since you opened this page. Reload to see their change, then save again.';
    const loaded = { ...answer, updatedAt: '2030-01-01T00:00:00.000Z', updatedBy: '1' };
    // A colleague's save, after this page loaded: a holiday.
    const theirs = {
      ...answer,
      settings: { ...settings, holidays: [{ date: '2030-04-13', name: 'Songkran' }], reminderMinutes: [2880] },
      updatedAt: '2030-01-02T00:00:00.000Z',
      updatedBy: '2',
    };
    let stored = loaded;
    const server = fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [200, stored],
      'PUT /bureau/worker/staff/settings': ({ body }) => {
        const { expectedUpdatedAt, ...rest } = body as { expectedUpdatedAt?: string | null };
        if (expectedUpdatedAt !== stored.updatedAt) return [409, { error: stale, code: 'conflict' }];
        stored = { ...answer, settings: rest as typeof settings, updatedAt: '2030-01-03T00:00:00.000Z', updatedBy: '1' };
        return [200, { ...stored, closedDays: [], outsideHours: [], overSeats: [] }];
      },
    });
    renderWithApp(<BookingSettingsPage />);
    const seats = await screen.findByLabelText('Seats per slot');
    stored = theirs;
    await userEvent.clear(seats);
    await userEvent.type(seats, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ capacity: 3, expectedUpdatedAt: loaded.updatedAt });
    expect(screen.queryByText('The new rules apply to bookings from now on.')).not.toBeInTheDocument();
    // The draft is still as typed until staff choose.
    expect(screen.getByLabelText('Seats per slot')).toHaveValue(3);
    await userEvent.click(screen.getByRole('button', { name: 'Load the current rules' }));
    expect(await screen.findByLabelText('Holiday 1 name')).toHaveValue('Songkran');
    expect(screen.getByLabelText('Seats per slot')).toHaveValue(settings.capacity);
    expect(screen.getByLabelText('Reminders (minutes before)')).toHaveValue('2880');
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
    // Saved again having seen the colleague's change: it names their version and passes.
    await userEvent.clear(screen.getByLabelText('Seats per slot'));
    await userEvent.type(screen.getByLabelText('Seats per slot'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The new rules apply to bookings from now on.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({
      capacity: 3,
      holidays: [{ date: '2030-04-13', name: 'Songkran' }],
      expectedUpdatedAt: theirs.updatedAt,
    });
    // And the next save names the version that save answered.
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await vi.waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(3));
    expect(server.calls.at(-1)!.body).toMatchObject({ expectedUpdatedAt: '2030-01-03T00:00:00.000Z' });
  });

  it('decision 0055: names the days the save closed: bookings left there, with the calendar on that day, and waitlists ended', async () => {
    const closedDays = [
      { date: '2030-04-12', bookings: 2, waitlistEnded: 0 },
      { date: '2030-04-13', bookings: 1, waitlistEnded: 3 },
      { date: '2030-04-15', bookings: 0, waitlistEnded: 1 },
    ];
    fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [200, answer],
      'PUT /bureau/worker/staff/settings': ({ body }) => [200, { ...answer, settings: body, closedDays, outsideHours: [], overSeats: [] }],
    });
    renderWithApp(<BookingSettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The new rules apply to bookings from now on.')).toBeInTheDocument();
    const days = within(screen.getByRole('list', { name: 'Days now closed' })).getAllByRole('listitem');
    expect(days.map((d) => d.textContent)).toEqual([
      'Fri, 12 Apr 2030 is now closed. 2 bookings stay booked: open the day in the calendar to cancel them (each person is told by LINE).',
      'Sat, 13 Apr 2030 is now closed. 1 booking stays booked: open the day in the calendar to cancel it (each person is told by LINE). 3 people waiting for it were told by LINE that its waitlist has ended.',
      'Mon, 15 Apr 2030 is now closed. 1 person waiting for it was told by LINE that its waitlist has ended.',
    ]);
    expect(within(days[1]!).getByRole('link', { name: 'open the day in the calendar' })).toHaveAttribute(
      'href',
      '/bureau/appointments?date=2030-04-13',
    );
    // Bookings left to clear make it a warning, not a plain success.
    expect(screen.getByRole('region', { name: 'Saved' })).toHaveAttribute('data-tone', 'warning');
  });

  it('names the open days whose new hours leave bookings outside them, with the calendar on that day', async () => {
    const outsideHours = [
      { date: '2030-04-12', bookings: 1 },
      { date: '2030-04-16', bookings: 3 },
    ];
    fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [200, answer],
      'PUT /bureau/worker/staff/settings': ({ body }) => [200, { ...answer, settings: body, closedDays: [], outsideHours, overSeats: [] }],
    });
    renderWithApp(<BookingSettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save rules' }));
    const days = within(await screen.findByRole('list', { name: 'Bookings outside the new hours' })).getAllByRole('listitem');
    expect(days.map((d) => d.textContent)).toEqual([
      'Fri, 12 Apr 2030: 1 booking now lies outside the new hours and stays booked: open the day in the calendar to cancel it (each person is told by LINE).',
      'Tue, 16 Apr 2030: 3 bookings now lie outside the new hours and stay booked: open the day in the calendar to cancel them (each person is told by LINE).',
    ]);
    expect(within(days[1]!).getByRole('link', { name: 'open the day in the calendar' })).toHaveAttribute(
      'href',
      '/bureau/appointments?date=2030-04-16',
    );
    expect(screen.getByRole('region', { name: 'Saved' })).toHaveAttribute('data-tone', 'warning');
  });

  // Decision 0052: lowered seats leave the bookings in theirs; the save said only "Saved".
  it('decision 0055 (amended): names the open days where lowered seats leave more bookings than seats, with the calendar on that day', async () => {
    const overSeats = [
      {
        date: '2030-04-12',
        slots: [
          { start: '2030-04-12T03:00:00.000Z', bookings: 3 },
          { start: '2030-04-12T03:30:00.000Z', bookings: 2 },
        ],
      },
      { date: '2030-04-16', slots: [{ start: '2030-04-16T07:00:00.000Z', bookings: 2 }] },
    ];
    fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [200, answer],
      'PUT /bureau/worker/staff/settings': ({ body }) => [200, { ...answer, settings: body, closedDays: [], outsideHours: [], overSeats }],
    });
    renderWithApp(<BookingSettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save rules' }));
    const days = within(await screen.findByRole('list', { name: 'Bookings over the new seats' })).getAllByRole('listitem');
    // Times in the office's zone (Asia/Bangkok, UTC+7), whatever the browser's.
    expect(days.map((d) => d.textContent)).toEqual([
      'Fri, 12 Apr 2030: 10:00 holds 3 bookings and 10:30 holds 2 bookings, over the 1 seat per slot now. They stay booked: open the day in the calendar to cancel some (each person is told by LINE).',
      'Tue, 16 Apr 2030: 14:00 holds 2 bookings, over the 1 seat per slot now. They stay booked: open the day in the calendar to cancel some (each person is told by LINE).',
    ]);
    expect(within(days[0]!).getByRole('link', { name: 'open the day in the calendar' })).toHaveAttribute(
      'href',
      '/bureau/appointments?date=2030-04-12',
    );
    expect(screen.getByRole('region', { name: 'Saved' })).toHaveAttribute('data-tone', 'warning');
  });

  it('issue 15 item 3: shows the refusal of a date that is both a holiday and a one-off change by the field it names', async () => {
    fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [200, answer],
      'PUT /bureau/worker/staff/settings': () => [
        400,
        {
          error: 'holidays.0.date: 2030-04-13 is also a one-off change: a date can be a holiday or have a one-off change, not both',
          code: 'invalid_input',
        },
      ],
    });
    renderWithApp(<BookingSettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save rules' }));
    expect(
      await screen.findByText(
        'Holiday 1 date: 2030-04-13 is also a one-off change: a date can be a holiday or have a one-off change, not both',
      ),
    ).toBeInTheDocument();
  });

  it('tells staff whose grant the server no longer finds that it is for bureau staff', async () => {
    fakeServer({
      'GET /auth/api/me': () => [200, staff],
      'GET /bureau/worker/staff/settings': () => [403, { error: 'This page is for bureau staff.', code: 'forbidden' }],
    });
    renderWithApp(<BookingSettingsPage />);
    expect(await screen.findByRole('heading', { name: 'Bureau staff only' })).toBeInTheDocument();
  });
});
