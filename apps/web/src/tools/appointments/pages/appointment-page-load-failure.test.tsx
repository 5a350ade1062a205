import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test-support/render-with-server';
import { TEXT } from '../lib/appointment-flow';
import { AppointmentPage } from './appointment-page';
import { TEST_MOCK_USER, TEST_SEEN, testWorker } from '../lib/test-booking';

const LINE_DOWN = 'LINE could not be reached to confirm who you are. Please try again.';

// The free times and "My appointments" were silently missing when their call failed (LINE could not
// confirm who this is: 502; the server unreachable): the person saw a page without them and no reason.
describe('the mini-app says what could not be loaded, and tries again', () => {
  it("my appointments: LINE unreachable (502) shows the server's sentence and Try again reads them again", async () => {
    let lineDown = true;
    const server = testWorker({
      'GET /bureau/worker/availability': () => [200, { timeZone: 'Asia/Bangkok', slotMinutes: 30, next: null, days: [] }],
      'GET /bureau/worker/my-appointments': () =>
        lineDown
          ? [502, { error: LINE_DOWN, code: 'upstream_failed' }]
          : [
              200,
              {
                timeZone: 'Asia/Bangkok',
                upcoming: [
                  {
                    id: 3,
                    userId: TEST_MOCK_USER.userId,
                    datetime: '2030-01-09T03:00:00.000Z',
                    endsAt: '2030-01-09T03:30:00.000Z',
                    topic: 'Passport',
                    status: 'booked',
                    createdAt: TEST_SEEN,
                    updatedAt: TEST_SEEN,
                    cancelledAt: null,
                    cancelReason: null,
                  },
                ],
                past: [],
              },
            ],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    const failure = await screen.findByText(/^Your appointments could not be loaded\./, {}, { timeout: 8_000 });
    expect(failure).toHaveTextContent(LINE_DOWN);
    lineDown = false;
    await userEvent.click(within(failure.parentElement!).getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('region', { name: 'My appointments' });
    expect(within(list).getByText('Passport')).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/bureau/worker/my-appointments').length).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('the free times: a failed call says so, the form stays usable, and Try again shows the buttons', async () => {
    let down = true;
    testWorker({
      'GET /bureau/worker/availability': () =>
        down
          ? [503, { error: 'The server is busy. Please try again.', code: 'unavailable' }]
          : [
              200,
              {
                timeZone: 'Asia/Bangkok',
                slotMinutes: 30,
                next: '2030-01-07T02:00:00.000Z',
                days: [
                  {
                    date: '2030-01-07',
                    open: true,
                    full: false,
                    slots: [{ start: '2030-01-07T02:00:00.000Z', end: '2030-01-07T02:30:00.000Z', free: 1 }],
                  },
                ],
              },
            ],
      'GET /bureau/worker/my-appointments': () => [200, { timeZone: 'Asia/Bangkok', upcoming: [], past: [] }],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    const failure = await screen.findByText(/^The free times could not be loaded\./, {}, { timeout: 8_000 });
    expect(failure).toHaveTextContent('The server is busy. Please try again.');
    expect(screen.getByRole('button', { name: TEXT.buttonBook })).toBeEnabled();
    down = false;
    await userEvent.click(within(failure.parentElement!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: /^Free times on/ })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  }, 15_000);
});
