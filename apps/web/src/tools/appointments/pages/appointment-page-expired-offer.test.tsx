import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Route, renderWithApp } from '@/test-support/render-with-server';
import { TEXT } from '../lib/appointment-flow';
import { AppointmentPage } from './appointment-page';
import { testWorker } from '../lib/test-booking';

const HELD = '2030-01-07T03:00:00.000Z';
const fullDay = {
  timeZone: 'Asia/Bangkok',
  slotMinutes: 30,
  next: null,
  days: [{ date: '2030-01-07', open: true, full: true, slots: [] }],
};
const TAKEN = 'This time slot has already been booked: Mon 7 Jan 2030, 10:00 (Asia/Bangkok time). Please choose another time.';
const HELD_TEXT = 'A seat is held for you on Mon 7 Jan at 10:00. You can book it now.';

/** The mini-app's server with the day full and every booking refused as taken; `extra` adds or replaces routes. */
function worker(extra: Record<string, Route>) {
  return testWorker({
    'GET /bureau/worker/availability': () => [200, fullDay],
    'POST /bureau/worker/create-appointment': () => [409, { error: TAKEN, code: 'appointments.slot_taken' }],
    ...extra,
  });
}

function Address() {
  return <p data-testid="address">{useLocation().search}</p>;
}

// Issue 15 item 6: an offer's seat is held until its time; after it, the seat passes to the next in
// line and booking it is refused as taken. The page went on saying "A seat is held for you" and listing
// the time as free beside that refusal, and every tap on Book was refused the same way.
describe('issue 15 item 6: a waitlist offer refused as taken (it expired) is no longer shown as held', () => {
  it("by the offer's link: ?slot= is dropped, the held sentence and the time go, the server's sentence stays", async () => {
    worker({});
    renderWithApp(
      <>
        <AppointmentPage />
        <Address />
      </>,
      { path: `/appointment?slot=${encodeURIComponent(HELD)}` },
    );
    expect(await screen.findByText(HELD_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TAKEN);
    await vi.waitFor(() => expect(screen.queryByText(HELD_TEXT)).not.toBeInTheDocument());
    expect(screen.getByTestId('address')).toHaveTextContent(/^$/);
    expect(screen.queryByRole('button', { name: '10:00' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TAKEN);
  });

  it("by the waitlist's answer (status offered): the held sentence goes once the seat is refused as taken", async () => {
    worker({
      'POST /bureau/worker/waitlist': () => [
        200,
        {
          entry: { date: '2030-01-07', status: 'offered', position: null, offeredStart: HELD, offerExpiresAt: '2030-01-07T02:00:00.000Z' },
        },
      ],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    await userEvent.click(await screen.findByRole('button', { name: /Mon 7 Jan, Full/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText(HELD_TEXT)).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Free times on Mon 7 Jan' })).getByRole('button', { name: '10:00' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TAKEN);
    await vi.waitFor(() => expect(screen.queryByText(HELD_TEXT)).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '10:00' })).not.toBeInTheDocument();
  });
});
