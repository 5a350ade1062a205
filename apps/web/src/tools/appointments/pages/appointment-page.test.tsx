import { screen, within } from '@testing-library/react';
import { useLocation, useNavigationType } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithApp } from '@/test-support/render-with-server';
import { TEXT } from '../lib/appointment-flow';
import { AppointmentPage } from './appointment-page';
import { TEST_BOOKING, TEST_MOCK_USER, TEST_SEEN, testWorker } from '../lib/test-booking';

const appointment = (body: { datetime: string; topic: string | null }) => ({
  appointment: {
    id: 1,
    userId: TEST_MOCK_USER.userId,
    datetime: body.datetime,
    endsAt: body.datetime,
    topic: body.topic,
    status: 'booked',
    createdAt: TEST_SEEN,
    updatedAt: TEST_SEEN,
    cancelledAt: null,
    cancelReason: null,
  },
  rescheduled: false,
});

const freeDay = (date: string, starts: string[], extra = {}) => ({
  date,
  open: true,
  full: false,
  slots: starts.map((start) => ({ start, end: start, free: 1 })),
  ...extra,
});
const availability = (days: unknown[]) => ({ timeZone: 'Asia/Bangkok', slotMinutes: 30, next: null, days });

/** The page's address and how it was last reached (PUSH, REPLACE), as the router holds them. */
function Address() {
  const { search } = useLocation();
  return <p data-testid="address">{`${useNavigationType()} ${search}`}</p>;
}

// LIFF initialises once per page (liff-session.ts), so every test here runs after the same init: the
// mocked LINE app of @line/liff-mock, as in development.
describe('001 §2 appointment mini-app (LIFF mock)', () => {
  it('initialises, registers the user with the ID token as a bearer header, and books with a topic', async () => {
    const server = testWorker({
      'POST /bureau/worker/create-appointment': ({ body }) => [200, appointment(body as { datetime: string; topic: string | null })],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    expect(screen.getByRole('heading', { name: TEXT.headingBook })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(TEXT.initializing);
    expect(await screen.findByText(TEXT.readyBook)).toBeInTheDocument();
    const register = await vi.waitFor(() => server.calls.find((c) => c.path === '/bureau/worker/register-user')!);
    expect(register.body).toEqual({ userId: TEST_MOCK_USER.userId, displayName: 'Somchai' });
    expect(register.headers.get('authorization')).toBe('Bearer id-token-1');

    expect(screen.getByLabelText(TEXT.dateLabel)).toBeRequired();
    await userEvent.type(screen.getByRole('textbox', { name: TEXT.topicLabel }), '  Project Discussion  ');
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByText(TEXT.success)).toBeInTheDocument();
    const create = server.calls.find((c) => c.path === '/bureau/worker/create-appointment')!;
    expect(create.body).toMatchObject({ userId: TEST_MOCK_USER.userId, topic: 'Project Discussion', reschedule_id: null });
    expect(create.headers.get('authorization')).toBe('Bearer id-token-1');
    expect(screen.queryByRole('button', { name: TEXT.buttonBook })).not.toBeInTheDocument();
  });

  it('rescheduling: its own heading, prompt and button; a past time is refused before any call (001 §5)', async () => {
    const server = testWorker();
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
    testWorker({ 'POST /bureau/worker/create-appointment': () => answers.shift()! });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That time is already booked.');
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('HTTP error! status: 500'));
    expect(screen.getByRole('button', { name: TEXT.buttonBook })).toBeEnabled();
  });

  it('issue 15 item 1: offers free slots as buttons, pre-selects one, and refreshes after a 409 naming the slot', async () => {
    const day = (date: string, starts: string[], extra = {}) => ({
      date,
      open: true,
      full: false,
      slots: starts.map((start) => ({ start, end: start, free: 1 })),
      ...extra,
    });
    const first = {
      timeZone: 'Asia/Bangkok',
      slotMinutes: 30,
      next: '2030-01-07T02:00:00.000Z',
      days: [
        day('2030-01-07', ['2030-01-07T02:00:00.000Z', '2030-01-07T02:30:00.000Z']),
        day('2030-01-08', [], { full: true }),
        { date: '2030-01-12', open: false, full: false, slots: [] },
      ],
    };
    const second = {
      ...first,
      next: '2030-01-07T02:30:00.000Z',
      days: [day('2030-01-07', ['2030-01-07T02:30:00.000Z']), ...first.days.slice(1)],
    };
    const answers = [first, second];
    const server = testWorker({
      'GET /bureau/worker/availability': () => [200, answers.length > 1 ? answers.shift() : answers[0]],
      'POST /bureau/worker/create-appointment': () => [
        409,
        {
          error: 'This time slot has already been booked: Mon 7 Jan 2030, 09:00 (Asia/Bangkok time). Please choose another time.',
          code: 'appointments.slot_taken',
        },
      ],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    const times = await screen.findByRole('group', { name: /^Free times on/ });
    const buttons = within(times).getAllByRole('button');
    expect(buttons).toHaveLength(2);
    // Pre-selected: the first free slot (the test's clock is before 2030).
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    const field = screen.getByLabelText(TEXT.dateLabel);
    expect(field).toHaveAttribute('step', '1800');
    expect(field).toHaveValue('2030-01-07T09:00');
    expect(screen.getByRole('button', { name: /Sat 12 Jan, Closed/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Tue 8 Jan, Full/ }));
    expect(screen.getByText('This day is fully booked.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Mon 7 Jan/ }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mon 7 Jan 2030, 09:00');
    await vi.waitFor(() => expect(screen.getByLabelText(TEXT.dateLabel)).toHaveValue('2030-01-07T09:30'));
    expect(server.calls.filter((c) => c.path === '/bureau/worker/availability').length).toBeGreaterThanOrEqual(2);
    expect(within(screen.getByRole('group', { name: /^Free times on/ })).getAllByRole('button')).toHaveLength(1);
  });

  it('issue 15 item 2: the success screen shows the booking with Reschedule and Cancel; my appointments list, highlight and cancel', async () => {
    const booked = appointment({ datetime: '2030-01-07T03:00:00.000Z', topic: 'Passport' }).appointment;
    const past = { ...booked, id: 7, datetime: '2029-12-01T03:00:00.000Z', topic: 'Old visit' };
    const later = { ...booked, id: 9, datetime: '2030-01-09T03:00:00.000Z', topic: 'Second visit' };
    let cancelled = false;
    const server = testWorker({
      'GET /bureau/worker/my-appointments': () => [
        200,
        { timeZone: 'Asia/Bangkok', upcoming: [booked, { ...later, status: cancelled ? 'cancelled' : 'booked' }], past: [past] },
      ],
      'POST /bureau/worker/create-appointment': () => [200, { appointment: booked, rescheduled: false }],
      'POST /bureau/worker/cancel-appointment': () => {
        cancelled = true;
        return [200, { appointment: { ...later, status: 'cancelled', cancelledAt: TEST_SEEN } }];
      },
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment?booking=9' });
    await screen.findByText(TEXT.readyBook);
    const list = await screen.findByRole('region', { name: 'My appointments' });
    expect(within(list).getByText('Old visit')).toBeInTheDocument();
    const highlighted = within(list)
      .getAllByRole('article')
      .find((a) => a.getAttribute('aria-current') === 'true')!;
    expect(highlighted).toHaveTextContent('Second visit');
    // Only upcoming bookings can be changed.
    expect(within(list).getAllByRole('link', { name: 'Reschedule' })).toHaveLength(2);
    expect(within(list).getAllByRole('link', { name: 'Reschedule' })[1]).toHaveAttribute('href', '/bureau/appointment?reschedule_id=9');

    await userEvent.click(within(highlighted).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(highlighted).getByRole('button', { name: 'Yes, cancel' }));
    await vi.waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'My appointments' })).getByText('Cancelled')).toBeInTheDocument(),
    );
    const cancel = server.calls.find((c) => c.path === '/bureau/worker/cancel-appointment')!;
    expect(cancel.body).toEqual({ userId: TEST_MOCK_USER.userId, id: 9 });
    expect(cancel.headers.get('authorization')).toBe('Bearer id-token-1');

    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByText(TEXT.success)).toBeInTheDocument();
    const card = screen.getAllByRole('article')[0]!;
    expect(card).toHaveTextContent('Passport');
    expect(within(card).getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
      'href',
      `/bureau/appointment?reschedule_id=${booked.id}`,
    );
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('issue 15 item 6: on a full day the user joins its waitlist and sees their place', async () => {
    const server = testWorker({
      'GET /bureau/worker/availability': () => [
        200,
        { timeZone: 'Asia/Bangkok', slotMinutes: 30, next: null, days: [{ date: '2030-01-07', open: true, full: true, slots: [] }] },
      ],
      'POST /bureau/worker/waitlist': () => [
        200,
        { entry: { date: '2030-01-07', status: 'waiting', position: 3, offeredStart: null, offerExpiresAt: null } },
      ],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    await userEvent.click(await screen.findByRole('button', { name: /Mon 7 Jan, Full/ }));
    expect(screen.getByText('This day is fully booked.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText(/You are number 3 on the waitlist for this day/)).toBeInTheDocument();
    const call = server.calls.find((c) => c.path === '/bureau/worker/waitlist')!;
    expect(call.body).toEqual({ userId: TEST_MOCK_USER.userId, date: '2030-01-07' });
    expect(call.headers.get('authorization')).toBe('Bearer id-token-1');
  });

  it("issue 15 item 1: a phone in another time zone lists the office day's times in the office's zone, and names it", async () => {
    // The phone is in New York: 02:00 UTC on 7 Jan is 09:00 in Bangkok but 21:00 on 6 Jan there.
    vi.stubEnv('TZ', 'America/New_York');
    onTestFinished(() => void vi.unstubAllEnvs());
    testWorker({
      'GET /bureau/worker/availability': () => [
        200,
        availability([freeDay('2030-01-07', ['2030-01-07T02:00:00.000Z', '2030-01-07T09:30:00.000Z'])]),
      ],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    const times = await screen.findByRole('group', { name: 'Free times on Mon 7 Jan' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['09:00', '16:30']);
    expect(screen.getByText('Times are Bangkok time (Asia/Bangkok).')).toBeInTheDocument();
  });

  it("the field's hint gives each day its own hours, in the server's words (the first day's hours stood for every day)", async () => {
    const hours = 'Monday to Thursday, 09:00-17:00; Friday, 09:00-12:00 (closed 10:00-10:30) (Asia/Bangkok time)';
    testWorker({
      'GET /bureau/worker/config': () => [
        200,
        { liffId: '1234567890-AbcdEfgh', mock: true, booking: { ...TEST_BOOKING, hours }, mockUsers: [TEST_MOCK_USER] },
      ],
      'GET /bureau/worker/availability': () => [200, availability([freeDay('2030-01-07', ['2030-01-07T02:00:00.000Z'])])],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    const sentence = `Open ${hours}, every 30 minutes.`;
    expect(screen.getByLabelText(TEXT.dateLabel)).toHaveAccessibleDescription(
      new RegExp(`${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  });

  it("issue 15 item 1: on a phone in another time zone the fallback field reads and writes the office's time, and says so", async () => {
    // New York: the 09:00 Bangkok slot (02:00 UTC) is 21:00 the evening before on the phone's clock.
    vi.stubEnv('TZ', 'America/New_York');
    onTestFinished(() => void vi.unstubAllEnvs());
    const server = testWorker({
      'GET /bureau/worker/availability': () => [
        200,
        availability([freeDay('2030-01-07', ['2030-01-07T02:00:00.000Z', '2030-01-07T09:30:00.000Z'])]),
      ],
      'POST /bureau/worker/create-appointment': ({ body }) => [200, appointment(body as { datetime: string; topic: string | null })],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    const times = await screen.findByRole('group', { name: 'Free times on Mon 7 Jan' });
    const field = screen.getByLabelText(TEXT.dateLabel);
    expect(within(times).getByRole('button', { name: '09:00' })).toHaveAttribute('aria-pressed', 'true');
    expect(field).toHaveValue('2030-01-07T09:00');
    expect(field).toHaveAccessibleDescription(
      'Times are Bangkok time (Asia/Bangkok). Open Monday to Friday, 09:00-17:00 (Asia/Bangkok time), every 30 minutes.',
    );
    // The time read on a button, typed into the field, is that button's slot, and that instant is booked.
    await userEvent.clear(field);
    await userEvent.type(field, '2030-01-07T16:30');
    expect(within(times).getByRole('button', { name: '16:30' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByText(TEXT.success)).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === '/bureau/worker/create-appointment')!.body).toMatchObject({
      datetime: '2030-01-07T09:30:00.000Z',
    });
  });

  it("issue 15 item 6: a waitlist offer's link opens on the held seat's day with it chosen and bookable, though the day is full", async () => {
    const heldAt = '2030-01-08T03:00:00.000Z';
    const server = testWorker({
      // The hold counts as taken, so the answer shows the day full.
      'GET /bureau/worker/availability': () => [
        200,
        availability([freeDay('2030-01-07', ['2030-01-07T02:00:00.000Z']), freeDay('2030-01-08', [], { full: true })]),
      ],
      'POST /bureau/worker/create-appointment': ({ body }) => [200, appointment(body as { datetime: string; topic: string | null })],
    });
    renderWithApp(<AppointmentPage />, { path: `/bureau/appointment?slot=${encodeURIComponent(heldAt)}` });
    await screen.findByText(TEXT.readyBook);
    expect(await screen.findByText('A seat is held for you on Tue 8 Jan at 10:00. You can book it now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Tue 8 Jan/ })).toHaveAttribute('aria-pressed', 'true');
    const times = screen.getByRole('group', { name: 'Free times on Tue 8 Jan' });
    expect(within(times).getByRole('button', { name: '10:00' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('This day is fully booked.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(TEXT.dateLabel)).toHaveValue('2030-01-08T10:00');
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByText(TEXT.success)).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === '/bureau/worker/create-appointment')!.body).toMatchObject({ datetime: heldAt });
  });

  it('issue 15 item 6: joining the waitlist of a day whose seat is already offered to the user says it is held for them', async () => {
    const heldAt = '2030-01-07T03:00:00.000Z';
    testWorker({
      'GET /bureau/worker/availability': () => [200, availability([freeDay('2030-01-07', [], { full: true })])],
      'POST /bureau/worker/waitlist': () => [
        200,
        {
          entry: {
            date: '2030-01-07',
            status: 'offered',
            position: null,
            offeredStart: heldAt,
            offerExpiresAt: '2030-01-07T02:00:00.000Z',
          },
        },
      ],
    });
    renderWithApp(<AppointmentPage />, { path: '/appointment' });
    await screen.findByText(TEXT.readyBook);
    await userEvent.click(await screen.findByRole('button', { name: /Mon 7 Jan, Full/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('A seat is held for you on Mon 7 Jan at 10:00. You can book it now.')).toBeInTheDocument();
    expect(screen.queryByText(/on the waitlist for this day/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Free times on Mon 7 Jan' })).getByRole('button', { name: '10:00' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByLabelText(TEXT.dateLabel)).toHaveValue('2030-01-07T10:00');
  });

  it('issue 15 item 2: Reschedule on the success screen brings the form back, also when its link is the page it is on', async () => {
    testWorker({
      'POST /bureau/worker/create-appointment': ({ body }) => [
        200,
        { ...appointment(body as { datetime: string; topic: string | null }), rescheduled: true },
      ],
    });
    renderWithApp(<AppointmentPage />, { path: '/bureau/appointment?reschedule_id=1' });
    await screen.findByText(TEXT.readyReschedule);
    for (let round = 0; round < 2; round++) {
      await userEvent.click(screen.getByRole('button', { name: TEXT.buttonReschedule }));
      expect(await screen.findByText(TEXT.success)).toBeInTheDocument();
      const link = within(screen.getByRole('article')).getByRole('link', { name: 'Reschedule' });
      expect(link).toHaveAttribute('href', '/bureau/appointment?reschedule_id=1');
      await userEvent.click(link);
      expect(await screen.findByText(TEXT.readyReschedule)).toBeInTheDocument();
      expect(screen.queryByText(TEXT.success)).not.toBeInTheDocument();
    }
  });
  it("issue 15 item 6: booking the held seat drops the offer's ?slot= from the address (replaced) and keeps the success screen", async () => {
    const heldAt = '2030-01-08T03:00:00.000Z';
    testWorker({
      'GET /bureau/worker/availability': () => [200, availability([freeDay('2030-01-08', [], { full: true })])],
      'POST /bureau/worker/create-appointment': ({ body }) => [200, appointment(body as { datetime: string; topic: string | null })],
    });
    renderWithApp(
      <>
        <AppointmentPage />
        <Address />
      </>,
      { path: `/bureau/appointment?mock_user=${TEST_MOCK_USER.userId}&slot=${encodeURIComponent(heldAt)}` },
    );
    await screen.findByText('A seat is held for you on Tue 8 Jan at 10:00. You can book it now.');
    expect(screen.getByTestId('address')).toHaveTextContent(`POP ?mock_user=${TEST_MOCK_USER.userId}&slot=`);
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByText(TEXT.success)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(`REPLACE ?mock_user=${TEST_MOCK_USER.userId}`));
    expect(screen.getByTestId('address')).not.toHaveTextContent('slot=');
    // Still the success screen: dropping the parameter is not a new visit to the form.
    expect(screen.getByText(TEXT.success)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.buttonBook })).not.toBeInTheDocument();
  });

  it('issue 15 item 6: a refusal saying the held seat is already theirs drops ?slot= too, and the error stays', async () => {
    const heldAt = '2030-01-08T03:00:00.000Z';
    const refusal = 'You already have an appointment at this time: Tue 8 Jan 2030, 10:00 (Asia/Bangkok time).';
    testWorker({
      'GET /bureau/worker/availability': () => [200, availability([freeDay('2030-01-08', [], { full: true })])],
      'POST /bureau/worker/create-appointment': () => [409, { error: refusal, code: 'appointments.already_booked' }],
    });
    renderWithApp(
      <>
        <AppointmentPage />
        <Address />
      </>,
      { path: `/bureau/appointment?slot=${encodeURIComponent(heldAt)}` },
    );
    await screen.findByText('A seat is held for you on Tue 8 Jan at 10:00. You can book it now.');
    await userEvent.click(screen.getByRole('button', { name: TEXT.buttonBook }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    await vi.waitFor(() => expect(screen.getByTestId('address').textContent).toBe('REPLACE '));
    // The seat no longer shows as held and free to them; the form stays usable with 001 §8's error.
    expect(screen.queryByText(/A seat is held for you/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Tue 8 Jan, Full/ })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('button', { name: TEXT.buttonBook })).toBeEnabled();
  });
});
