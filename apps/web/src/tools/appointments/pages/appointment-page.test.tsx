import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Route, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { TEXT } from '../lib/appointment-flow';
import { AppointmentPage } from './appointment-page';

const booking = { timeZone: 'Asia/Bangkok', days: [1, 2, 3, 4, 5], opens: '09:00', closes: '17:00', slotMinutes: 30, maxDaysAhead: 30 };
const mockUser = { userId: 'Umockuser0000000000000000000000001', displayName: 'Somchai' };
const seen = '2030-01-07T03:00:00.000Z';
const lineUser = { ...mockUser, firstSeenAt: seen, lastSeenAt: seen };
const appointment = (body: { datetime: string; topic: string | null }) => ({
  appointment: {
    id: 1,
    userId: mockUser.userId,
    datetime: body.datetime,
    endsAt: body.datetime,
    topic: body.topic,
    status: 'booked',
    createdAt: seen,
    updatedAt: seen,
    cancelledAt: null,
    cancelReason: null,
  },
  rescheduled: false,
});

function worker(extra: Record<string, Route> = {}) {
  return fakeServer({
    'GET /bureau/worker/config': () => [200, { liffId: '1234567890-AbcdEfgh', mock: true, booking, mockUsers: [mockUser] }],
    'POST /bureau/worker/mock/id-token': () => [200, { idToken: 'id-token-1' }],
    'POST /bureau/worker/register-user': () => [200, { user: lineUser }],
    ...extra,
  });
}

// LIFF initialises once per page (liff-session.ts), so every test here runs after the same init: the
// mocked LINE app of @line/liff-mock, as in development.
describe('001 §2 appointment mini-app (LIFF mock)', () => {
  it('initialises, registers the user with the ID token as a bearer header, and books with a topic', async () => {
    const server = worker({
      'POST /bureau/worker/create-appointment': ({ body }) => [200, appointment(body as { datetime: string; topic: string | null })],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    expect(screen.getByRole('heading', { name: TEXT.headingBook })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(TEXT.initializing);
    expect(await screen.findByText(TEXT.readyBook)).toBeInTheDocument();
    const register = await vi.waitFor(() => server.calls.find((c) => c.path === '/bureau/worker/register-user')!);
    expect(register.body).toEqual({ userId: mockUser.userId, displayName: 'Somchai' });
    expect(register.headers.get('authorization')).toBe('Bearer id-token-1');

    expect(screen.getByLabelText(TEXT.dateLabel)).toBeRequired();
    await userEvent.type(screen.getByRole('textbox', { name: TEXT.topicLabel }), '  Project Discussion  ');
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByText(TEXT.success)).toBeInTheDocument();
    const create = server.calls.find((c) => c.path === '/bureau/worker/create-appointment')!;
    expect(create.body).toMatchObject({ userId: mockUser.userId, topic: 'Project Discussion', reschedule_id: null });
    expect(create.headers.get('authorization')).toBe('Bearer id-token-1');
    expect(screen.queryByRole('button', { name: TEXT.buttonBook })).not.toBeInTheDocument();
  });

  it('rescheduling: its own heading, prompt and button; a past time is refused before any call (001 §5)', async () => {
    const server = worker();
    renderWithApp(<AppointmentPage />, { path: '/appointment?reschedule_id=42' });
    expect(screen.getByRole('heading', { name: TEXT.headingReschedule })).toBeInTheDocument();
    expect(await screen.findByText(TEXT.readyReschedule)).toBeInTheDocument();
    const when = screen.getByLabelText(TEXT.dateLabel);
    await userEvent.clear(when);
    await userEvent.type(when, '2001-01-01T10:00');
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonReschedule }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.pastDate);
    expect(server.calls.some((c) => c.path === '/bureau/worker/create-appointment')).toBe(false);
  });

  it("001 §8: a refused booking shows the server's error and the form stays usable; without one, 'HTTP error! status: N'", async () => {
    const answers: Array<[number, unknown]> = [
      [409, { error: 'That time is already booked.' }],
      [500, {}],
    ];
    worker({ 'POST /bureau/worker/create-appointment': () => answers.shift()! });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That time is already booked.');
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('HTTP error! status: 500'));
    expect(screen.getByRole('button', { name: TEXT.buttonBook })).toBeEnabled();
  });
});
