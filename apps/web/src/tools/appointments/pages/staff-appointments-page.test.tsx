import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { discordMe, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { StaffAppointmentsPage } from './staff-appointments-page';
import { TEST_BOOKING } from '../lib/test-booking';

/** The address the page has put in the router, to read in a test. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const booking = TEST_BOOKING;
const base = {
  userId: 'U1',
  displayName: 'Nok',
  topic: 'Passport',
  status: 'booked',
  createdAt: '2020-01-01T00:00:00.000Z',
  updatedAt: '2020-01-01T00:00:00.000Z',
  cancelledAt: null,
  cancelReason: null,
  attendance: null,
};
// 2020: long past, so attendance can be marked. 03:00Z is 10:00 in Bangkok.
const past = { ...base, id: 1, datetime: '2020-01-06T03:00:00.000Z', endsAt: '2020-01-06T03:30:00.000Z' };
const wed = { ...base, id: 2, displayName: 'Brown', datetime: '2020-01-08T04:00:00.000Z', endsAt: '2020-01-08T04:30:00.000Z' };

describe('issue 15 item 5: the staff calendar', () => {
  it('decision 0055: ?date= opens that day (the booking rules page links a day it closed), and keeps the day moved to', async () => {
    fakeServer({
      'GET /auth/api/me': () => [200, discordMe(['bureau-staff'])],
      'GET /bureau/worker/config': () => [200, { liffId: null, mock: false, booking }],
      'GET /bureau/worker/staff/calendar': ({ url }) => [
        200,
        {
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          timeZone: 'Asia/Bangkok',
          appointments: [wed],
          truncated: false,
        },
      ],
    });
    renderWithApp(
      <>
        <StaffAppointmentsPage />
        <Address />
      </>,
      { path: '/bureau/appointments?date=2020-01-08' },
    );
    expect(await screen.findByLabelText('Day')).toHaveValue('2020-01-08');
    // The day's table, as the server answered it for that day.
    expect(await screen.findByRole('table', { name: 'Appointments on 2020-01-08' })).toHaveTextContent('Brown');
    // The day moved to stays in the address (a reload opens it); Today leaves the address to today.
    await userEvent.click(screen.getByRole('button', { name: 'Next ›' }));
    expect(screen.getByTestId('address')).toHaveTextContent('?date=2020-01-09');
    expect(screen.getByLabelText('Day')).toHaveValue('2020-01-09');
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/bureau\/appointments$/);
  });

  it('day and week views, previous/next, details, attendance and the CSV link of the range', async () => {
    const server = fakeServer({
      'GET /auth/api/me': () => [200, discordMe(['bureau-staff'])],
      'GET /bureau/worker/config': () => [200, { liffId: null, mock: false, booking }],
      'GET /bureau/worker/staff/calendar': ({ url }) => {
        const from = url.searchParams.get('from')!;
        const to = url.searchParams.get('to')!;
        const rows = [past, wed].filter((a) => a.datetime.slice(0, 10) >= from && a.datetime.slice(0, 10) <= to);
        return [200, { from, to, timeZone: 'Asia/Bangkok', appointments: rows, truncated: false }];
      },
      'POST /bureau/worker/staff/appointments/1/attendance': ({ body }) => [
        200,
        { appointment: { ...past, attendance: (body as { attendance: string }).attendance } },
      ],
    });
    renderWithApp(<StaffAppointmentsPage />);
    const day = await screen.findByLabelText('Day');
    fireEvent.change(day, { target: { value: '2020-01-06' } });
    const row = await screen.findByRole('row', { name: /Nok/ });
    expect(row).toHaveTextContent('10:00–10:30');
    await userEvent.click(within(row).getByRole('button', { name: 'No-show' }));
    const call = await vi.waitFor(() => server.calls.find((c) => c.path.endsWith('/attendance'))!);
    expect(call.body).toEqual({ attendance: 'no_show' });

    await userEvent.click(screen.getByRole('button', { name: 'Next ›' }));
    expect(await screen.findByText('No appointments on this day.')).toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveValue('2020-01-07');

    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    const week = await screen.findByRole('region', { name: 'Week of 2020-01-06' });
    expect(within(week).getByRole('region', { name: 'Wed 8 Jan' })).toHaveTextContent('11:00 Brown');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/bureau/worker/staff/appointments.csv?from=2020-01-06&to=2020-01-12',
    );

    await userEvent.click(within(week).getByRole('button', { name: /11:00 Brown/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Appointment details' });
    expect(dialog).toHaveTextContent('Passport');
    expect(dialog).toHaveTextContent('11:00–11:30 (Asia/Bangkok)');

    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: '‹ Previous' }));
    expect(await screen.findByRole('region', { name: 'Week of 2019-12-30' })).toBeInTheDocument();
  });

  // Decision 0073: a range over the server's cap was shown as if complete.
  it('says when the server capped the range: the first bookings only, and the CSV for all', async () => {
    fakeServer({
      'GET /auth/api/me': () => [200, discordMe(['bureau-staff'])],
      'GET /bureau/worker/config': () => [200, { liffId: null, mock: false, booking }],
      'GET /bureau/worker/staff/calendar': ({ url }) => {
        const from = url.searchParams.get('from')!;
        const to = url.searchParams.get('to')!;
        return [200, { from, to, timeZone: 'Asia/Bangkok', appointments: [past, wed], truncated: from !== to }];
      },
    });
    renderWithApp(<StaffAppointmentsPage />, { path: '/bureau/appointments?date=2020-01-06' });
    expect(await screen.findByRole('table', { name: 'Appointments on 2020-01-06' })).toBeInTheDocument();
    expect(screen.queryByText('Not every booking is shown')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    const note = await screen.findByRole('region', { name: 'Not every booking is shown' });
    expect(note).toHaveTextContent(
      'This week has more bookings than the calendar shows at once: only the first 2 by time are listed, so later times may look emptier than they are. Export the week as CSV (below) for all of them.',
    );
  });

  describe('while the page stays open', () => {
    const serve = (rows: object[], extra: Parameters<typeof fakeServer>[0] = {}) =>
      fakeServer({
        'GET /auth/api/me': () => [200, discordMe(['bureau-staff'])],
        'GET /bureau/worker/config': () => [200, { liffId: null, mock: false, booking }],
        'GET /bureau/worker/staff/calendar': ({ url }) => [
          200,
          {
            from: url.searchParams.get('from'),
            to: url.searchParams.get('to'),
            timeZone: 'Asia/Bangkok',
            appointments: rows,
            truncated: false,
          },
        ],
        ...extra,
      });
    const startingIn = (ms: number) => {
      const start = Date.now() + ms;
      return { ...base, id: 7, datetime: new Date(start).toISOString(), endsAt: new Date(start + 30 * 60_000).toISOString() };
    };

    it('turns Cancel into Attended / No-show when a booking starts (it kept Cancel until something redrew the page)', async () => {
      serve([startingIn(1_200)]);
      renderWithApp(<StaffAppointmentsPage />);
      const row = await screen.findByRole('row', { name: /Nok/ });
      expect(within(row).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: 'Attended' })).not.toBeInTheDocument();
      await vi.waitFor(() => expect(within(row).getByRole('button', { name: 'Attended' })).toBeInTheDocument(), { timeout: 4_000 });
      expect(within(row).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    });

    it('cancels once on a double click, and closes the dialog (the second click answered "already cancelled" in it)', async () => {
      const upcoming = startingIn(3_600_000);
      const server = serve([upcoming], {
        'POST /bureau/worker/staff/appointments/7/cancel': () => [
          200,
          { appointment: { ...upcoming, status: 'cancelled', cancelReason: 'Closed', cancelledAt: upcoming.createdAt } },
        ],
      });
      renderWithApp(<StaffAppointmentsPage />);
      const row = await screen.findByRole('row', { name: /Nok/ });
      await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
      await userEvent.type(within(dialog).getByLabelText('Reason'), 'Closed');
      // Two clicks in one go, before React draws the button busy (as a quick double click in a browser).
      const confirm = within(dialog).getByRole('button', { name: 'Cancel appointment' });
      fireEvent.click(confirm);
      fireEvent.click(confirm);
      await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel appointment' })).not.toBeInTheDocument());
      expect(server.calls.filter((c) => c.path.endsWith('/cancel'))).toHaveLength(1);
    });

    it('decision 0053: sends the start it shows; a booking moved since is refused, the dialog says so and shows where it is now', async () => {
      const seen = startingIn(3_600_000);
      const moved = startingIn(2 * 3_600_000);
      const sentence = 'This appointment has moved to 9 Dec since you opened it. Look again before cancelling.';
      let rows = [seen];
      const server = serve([], {
        'GET /bureau/worker/staff/calendar': ({ url }) => [
          200,
          {
            from: url.searchParams.get('from'),
            to: url.searchParams.get('to'),
            timeZone: 'Asia/Bangkok',
            appointments: rows,
            truncated: false,
          },
        ],
        'POST /bureau/worker/staff/appointments/7/cancel': ({ body }) =>
          (body as { expectedStart?: string }).expectedStart === rows[0]!.datetime
            ? [200, { appointment: { ...rows[0], status: 'cancelled', cancelReason: 'Closed', cancelledAt: seen.createdAt } }]
            : [409, { error: sentence, code: 'conflict' }],
      });
      renderWithApp(<StaffAppointmentsPage />);
      const row = await screen.findByRole('row', { name: /Nok/ });
      await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
      const time = (iso: string) =>
        new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Bangkok', hour: '2-digit', minute: '2-digit', hour12: false }).format(
          new Date(iso),
        );
      expect(dialog).toHaveTextContent(time(seen.datetime));
      await userEvent.type(within(dialog).getByLabelText('Reason'), 'Closed');
      rows = [moved]; // the user reschedules while the dialog is open (the page has not heard yet)
      const reads = server.calls.filter((c) => c.path.endsWith('/calendar')).length;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
      expect(await within(dialog).findByText(sentence)).toBeInTheDocument();
      expect(server.calls.find((c) => c.path.endsWith('/cancel'))!.body).toEqual({ reason: 'Closed', expectedStart: seen.datetime });
      // The calendar is read again and the open dialog shows the booking where it is now.
      await vi.waitFor(() => expect(server.calls.filter((c) => c.path.endsWith('/calendar')).length).toBeGreaterThan(reads));
      await vi.waitFor(() => expect(dialog).toHaveTextContent(time(moved.datetime)));
      expect(screen.getByRole('dialog', { name: 'Cancel appointment' })).toBeInTheDocument();
      // Cancelling now names the start shown, and passes.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel appointment' })).not.toBeInTheDocument());
      expect(server.calls.filter((c) => c.path.endsWith('/cancel')).at(-1)!.body).toEqual({
        reason: 'Closed',
        expectedStart: moved.datetime,
      });
    });

    it('says why a range cannot be exported instead of offering a download the server refuses', async () => {
      serve([]);
      renderWithApp(<StaffAppointmentsPage />);
      await screen.findByRole('link', { name: 'Export CSV' });
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
      expect(await screen.findByText('To must not be before From.')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-01' } });
      expect(await screen.findByText('Export at most 62 days at a time.')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
      expect(await screen.findByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/bureau/worker/staff/appointments.csv?from=2026-03-10&to=2026-03-31',
      );
    });
  });
});
