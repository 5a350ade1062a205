import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { discordMe, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { withStylesheet } from '@/test-support/with-stylesheet';
import { StaffAppointmentsPage } from './staff-appointments-page';
import { TEST_BOOKING } from '../lib/test-booking';

// Staff-side audit of the bookings page (/bureau/appointments): where focus goes after an action that
// removes the control that had it, and how text a LINE user chose (their name, a topic) is shown.

const inAnHour = Date.now() + 3_600_000;
const upcoming = {
  id: 7,
  userId: 'U1',
  displayName: 'Nok',
  topic: 'Passport',
  status: 'booked' as const,
  datetime: new Date(inAnHour).toISOString(),
  endsAt: new Date(inAnHour + 30 * 60_000).toISOString(),
  createdAt: '2020-01-01T00:00:00.000Z',
  updatedAt: '2020-01-01T00:00:00.000Z',
  cancelledAt: null,
  cancelReason: null,
  attendance: null,
};

function serve(rows: () => object[], extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /auth/api/me': () => [200, discordMe(['bureau-staff'])],
    'GET /bureau/worker/config': () => [200, { liffId: null, mock: false, booking: TEST_BOOKING }],
    'GET /bureau/worker/staff/calendar': ({ url }) => [
      200,
      {
        from: url.searchParams.get('from'),
        to: url.searchParams.get('to'),
        timeZone: 'Asia/Bangkok',
        appointments: rows(),
        truncated: false,
      },
    ],
    ...extra,
  });
}

describe('the staff bookings page: focus after actions', () => {
  it('keeps focus on the booking after a cancel by keyboard (its Cancel button goes, and focus fell to the page body)', async () => {
    let row = upcoming as object;
    serve(() => [row], {
      'POST /bureau/worker/staff/appointments/7/cancel': () => {
        row = { ...upcoming, status: 'cancelled', cancelReason: 'Closed', cancelledAt: upcoming.createdAt };
        return [200, { appointment: row }];
      },
    });
    renderWithApp(<StaffAppointmentsPage />);
    const tableRow = await screen.findByRole('row', { name: /Nok/ });
    within(tableRow).getByRole('button', { name: 'Cancel' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Closed');
    within(dialog).getByRole('button', { name: 'Cancel appointment' }).focus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(within(screen.getByRole('row', { name: /Nok/ })).getByText('Cancelled')).toBeInTheDocument());
    // The same booking's Details: the next Tab goes on from that row, not from the top of the page.
    await vi.waitFor(() => expect(document.activeElement).toHaveAccessibleName(/^Details of .*, Nok$/));
  });

  it('puts focus on the day shown when a day is opened from the week (the day button goes with the week)', async () => {
    serve(() => [upcoming]);
    renderWithApp(<StaffAppointmentsPage />);
    await screen.findByRole('row', { name: /Nok/ });
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    const week = await screen.findByRole('region', { name: /^Week of / });
    const dayButton = within(week).getAllByRole('button')[0]!;
    dayButton.focus();
    await userEvent.keyboard('{Enter}');
    const table = await screen.findByRole('region', { name: /^Appointments on / });
    await vi.waitFor(() => expect(document.activeElement).toBe(table));
  });
});

describe('the staff bookings page: text a LINE user chose', () => {
  const hostile = {
    ...upcoming,
    // U+202E turns the rest of a line around: "(cancelled)" after the name read "(dellecnac)".
    displayName: 'Nok\u202e',
    // A letter under 40 combining marks draws over the rows above and below; a tab and a line break show as nothing.
    topic: `a${'\u0301'.repeat(40)}\tb\nc`,
    status: 'cancelled' as const,
    cancelReason: 'Closed',
  };

  it('writes out direction controls, control characters and marks stacked past four, and isolates each name', async () => {
    serve(() => [hostile]);
    renderWithApp(<StaffAppointmentsPage />);
    const row = await screen.findByRole('row', { name: /Nok/ });
    expect(row).toHaveTextContent('Nok[U+202E]');
    expect(row).toHaveTextContent(`a${'\u0301'.repeat(4)}[U+0301]`);
    expect(row).toHaveTextContent('[U+0009]b[U+000A]c');
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    const booking = await within(await screen.findByRole('region', { name: /^Week of / })).findByRole('button', { name: /Nok/ });
    // The name is isolated, so nothing in it reorders "(cancelled)" after it.
    expect(booking.querySelector('bdi')).toHaveTextContent(/^Nok\[U\+202E\]$/);
    expect(booking).toHaveTextContent(/\(cancelled\)$/);
  });
});

// Seen at 390 px: a name or topic of 100 letters without a space widened the day's table to 2,253 px, so
// staff scrolled two screens sideways to reach a booking's Cancel and Details.
describe('the staff bookings page: a long name or topic', () => {
  it('wraps inside its column', async () => {
    serve(() => [{ ...upcoming, displayName: 'B'.repeat(100), topic: 'Supercalifragilistic'.repeat(10) }]);
    withStylesheet(import.meta.url, './staff-appointments-page.css');
    renderWithApp(<StaffAppointmentsPage />);
    const row = await screen.findByRole('row', { name: /BBBB/ });
    for (const text of ['B'.repeat(100), 'Supercalifragilistic'.repeat(10)]) {
      // The text's own <bdi> is inside the wrapping box (happy-dom computes no inherited style).
      const box = within(row).getByText(text).parentElement!;
      expect(getComputedStyle(box).overflowWrap).toBe('anywhere');
      expect(getComputedStyle(box).maxWidth).toBe('320px');
    }
  });
});
