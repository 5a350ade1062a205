import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test-support/render-with-server';
import { TEXT } from '../lib/appointment-flow';
import { AppointmentPage } from './appointment-page';
import { testWorker } from '../lib/test-booking';

const day = (date: string, starts: string[]) => ({
  date,
  open: true,
  full: false,
  slots: starts.map((start) => ({ start, end: start, free: 1 })),
});
const NINE = '2030-01-07T02:00:00.000Z';
const HALF_NINE = '2030-01-07T02:30:00.000Z';
const availability = (starts: string[]) => ({
  timeZone: 'Asia/Bangkok',
  slotMinutes: 30,
  next: starts[0] ?? null,
  days: [day('2030-01-07', starts)],
});

const freeTimes = () => within(screen.getByRole('group', { name: /^Free times on/ })).getAllByRole('button');

// Issue 15 item 1: the page was left open and the 09:00 button went stale (now inside the minimum
// notice): the server refuses it with a 400, not a slot_taken 409. The buttons are read again and the
// refused time is no longer offered; the next free one is chosen, and the server's sentence stays.
describe('issue 15 item 1: a refusal refreshes the free times', () => {
  it('a 400 for a slot the buttons offered reads the free times again and chooses the next free one', async () => {
    const answers = [availability([NINE, HALF_NINE]), availability([HALF_NINE])];
    const server = testWorker({
      'GET /bureau/worker/availability': () => [200, answers.length > 1 ? answers.shift() : answers[0]],
      'POST /bureau/worker/create-appointment': () => [
        400,
        { error: 'Appointments must be booked at least 1 hour ahead.', code: 'invalid_input' },
      ],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    await vi.waitFor(() => expect(freeTimes()).toHaveLength(2));
    expect(screen.getByLabelText(TEXT.dateLabel)).toHaveValue('2030-01-07T09:00');
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Appointments must be booked at least 1 hour ahead.');
    await vi.waitFor(() => expect(freeTimes()).toHaveLength(1));
    expect(server.calls.filter((c) => c.path === '/bureau/worker/availability')).toHaveLength(2);
    expect(screen.getByLabelText(TEXT.dateLabel)).toHaveValue('2030-01-07T09:30');
    expect(freeTimes()[0]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Appointments must be booked at least 1 hour ahead.');
  });

  it('a refusal of a time typed by hand keeps what was typed (the person fixes it)', async () => {
    testWorker({
      'GET /bureau/worker/availability': () => [200, availability([NINE, HALF_NINE])],
      'POST /bureau/worker/create-appointment': () => [
        400,
        {
          error: 'Appointments start every 30 minutes from 09:00 (for example 09:00, 09:30). Please pick one of those times.',
          code: 'invalid_input',
        },
      ],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    await vi.waitFor(() => expect(freeTimes()).toHaveLength(2));
    const field = screen.getByLabelText(TEXT.dateLabel);
    await userEvent.clear(field);
    await userEvent.type(field, '2030-01-07T09:10');
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Appointments start every 30 minutes');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText(TEXT.dateLabel)).toHaveValue('2030-01-07T09:10');
  });
});
