import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sport } from '@guildhall/contracts/sports';
import { makeSportAnswer } from '@guildhall/testkit/sports-demo';
import { schoolI18n } from '@/lib/i18n/school-i18n';
import { type Route, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { withStylesheet } from '@/test-support/with-stylesheet';
import type { SportsSession } from '../lib/session';
import { StudentSection } from './student-section';

const session: SportsSession = { token: 't0k', role: 'student', userId: 7, studentId: '68960001', email: 'somchai@school.test' };

const sport = (sport_id: number, name: string, total_spots: number, selected_count: number): Sport =>
  makeSportAnswer(sport_id, {
    name,
    description: 'https://example.com/' + 'x'.repeat(200),
    total_spots,
    selected_count,
    reserve_count: selected_count >= total_spots ? 1 : 0,
  });

function renderSection(sports: Sport[], routes: Record<string, Route> = {}) {
  const server = fakeServer({
    'GET /sports/api/settings/registration-status': () => [200, { isRegistrationOpen: true }],
    'GET /sports/api/sports': () => [200, sports],
    'GET /sports/api/my-registration': () => [404, { error: 'You have not registered for a sport.', code: 'sports.no_registration' }],
    ...routes,
  });
  renderWithApp(<StudentSection session={session} onLoadFailure={vi.fn()} />);
  return server;
}

/** A lead archives Badminton while the student has it on screen: the list the server answers next lacks it. */
function renderArchivedOnRegister() {
  let archived = false;
  return renderSection([], {
    'GET /sports/api/sports': () => [
      200,
      archived ? [sport(2, 'Football', 18, 0)] : [sport(1, 'Badminton', 2, 0), sport(2, 'Football', 18, 0)],
    ],
    'POST /sports/api/register-sport': () => {
      archived = true;
      return [
        403,
        { error: 'Badminton is no longer open for registration.', code: 'sports.sport_archived', details: { sport: 'Badminton' } },
      ];
    },
  });
}

describe('002 §2 student registration section', () => {
  afterEach(async () => {
    await act(() => schoolI18n.changeLanguage('en'));
  });

  it('says beside the disabled Register button that the student was not selected for that sport (002 §4, §6)', async () => {
    renderSection([sport(1, 'Badminton', 2, 0), sport(2, 'Football', 18, 0)], {
      'GET /sports/api/my-registration': () => [
        200,
        { registration_id: 5, sport_id: 1, sport_name: 'Badminton', status: 'not_selected', registration_date: '2026-11-21T06:00:00.000Z' },
      ],
    });

    const badminton = await screen.findByRole('button', { name: 'Register for Badminton' });
    expect(badminton).toBeDisabled();
    expect(badminton).toHaveAccessibleDescription('You were not selected for this sport this time; you may register for another sport.');
    const football = screen.getByRole('button', { name: 'Register for Football' });
    expect(football).toBeEnabled();
    expect(football).not.toHaveAttribute('aria-describedby');
  });

  it('a sport archived after the list was loaded: says so (sports.sport_archived) and refreshes the list (issue 16 item 4)', async () => {
    const server = renderArchivedOnRegister();

    await userEvent.click(await screen.findByRole('button', { name: 'Register for Badminton' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Confirm registration' })).getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Badminton is no longer open for registration.');
    expect(screen.queryByText(/not available for your level/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Badminton' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Football' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/sports/api/sports')).toHaveLength(2);
  });

  it('words the archived refusal in Thai for a Thai reader (issue 16 item 1)', async () => {
    await act(() => schoolI18n.changeLanguage('th'));
    renderArchivedOnRegister();

    await userEvent.click(await screen.findByRole('button', { name: 'สมัคร Badminton' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'สมัคร' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('กีฬา Badminton ไม่เปิดรับสมัครอีกต่อไปแล้ว');
  });

  it('reads out the status card that appears after a first registration: its live region is on the page before it', async () => {
    let registered = false;
    renderSection([sport(2, 'Football', 18, 0)], {
      'GET /sports/api/my-registration': () =>
        registered
          ? [
              200,
              {
                registration_id: 5,
                sport_id: 2,
                sport_name: 'Football',
                status: 'pending_selection',
                registration_date: '2026-11-24T10:00:00.000Z',
                waiting_position: null,
                moved_up_at: null,
              },
            ]
          : [404, { error: 'You have not registered for a sport.', code: 'sports.no_registration' }],
      'POST /sports/api/register-sport': () => ((registered = true), [200, { message: 'Registered for Football.' }]),
    });
    await screen.findByRole('button', { name: 'Register for Football' });
    // A region that arrives together with its text is not announced reliably: it must already be there, empty.
    const region = screen.getByTestId('registration-status-region');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    await userEvent.click(screen.getByRole('button', { name: 'Register for Football' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Confirm registration' })).getByRole('button', { name: 'Register' }));
    expect(await within(region).findByTestId('registration-status')).toHaveTextContent('Football');
    expect(screen.getByTestId('registration-status-region')).toBe(region);
  });

  it('warns, beside 002 §5 text, that registering for a full sport joins its waiting list for good', async () => {
    renderSection([sport(1, 'Badminton', 2, 2), sport(2, 'Football', 18, 0)]);

    await userEvent.click(await screen.findByRole('button', { name: 'Register for Badminton' }));
    const full = screen.getByRole('dialog', { name: 'Confirm registration' });
    expect(within(full).getByText('Are you sure you want to register for tryouts for Badminton?')).toBeInTheDocument();
    expect(
      within(full).getByText(
        'Badminton is full (Main Team Full): you will join its waiting list as a Reserve Player, and a Reserve Player cannot withdraw.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(full).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Register for Football' }));
    const open = screen.getByRole('dialog', { name: 'Confirm registration' });
    expect(within(open).getByText('Are you sure you want to register for tryouts for Football?')).toBeInTheDocument();
    expect(within(open).queryByText(/waiting list/)).toBeNull();
  });

  it('a sport name or description without spaces wraps rather than running off a 390 px screen', async () => {
    withStylesheet(import.meta.url, '../sports.css');
    const name = 'Ultramarathon'.repeat(7);
    renderSection([sport(1, name, 5, 0)]);

    expect(getComputedStyle(await screen.findByText(/^https:\/\/example\.com\//)).overflowWrap).toBe('anywhere');
    await userEvent.click(screen.getByRole('button', { name: `Register for ${name}` }));
    const text = within(screen.getByRole('dialog')).getByText(`Are you sure you want to register for tryouts for ${name}?`);
    expect(getComputedStyle(text).overflowWrap).toBe('anywhere');
  });
});
