import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { discordMe, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { StaffGate } from './staff-gate';

const gated = () =>
  renderWithApp(
    <StaffGate title="Appointments" returnTo="/bureau/appointments">
      <p>The calendar</p>
    </StaffGate>,
  );

// Decision 0039: the staff pages decide from who is signed in alone, so the server can draw them.
describe('the staff pages of the appointments tool open for bureau staff only', () => {
  it('asks a visitor to sign in with Discord, coming back to the page, and asks nothing else', async () => {
    const server = fakeServer({ 'GET /auth/api/me': () => [200, { identity: null, devSignIn: false }] });
    gated();
    expect(await screen.findByRole('heading', { name: 'Please sign in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Appointments' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with Discord' })).toHaveAttribute(
      'href',
      '/auth/discord/login?returnTo=%2Fbureau%2Fappointments',
    );
    expect(screen.queryByText('The calendar')).not.toBeInTheDocument();
    expect(server.calls.map((c) => c.path)).toEqual(['/auth/api/me']);
  });

  it('tells a member without the grant that it is for bureau staff', async () => {
    fakeServer({ 'GET /auth/api/me': () => [200, discordMe(['owner'])] });
    gated();
    expect(await screen.findByRole('heading', { name: 'Bureau staff only' })).toBeInTheDocument();
    expect(screen.queryByText('The calendar')).not.toBeInTheDocument();
  });

  it('opens the page for bureau staff', async () => {
    fakeServer({ 'GET /auth/api/me': () => [200, discordMe(['bureau-staff'])] });
    gated();
    expect(await screen.findByText('The calendar')).toBeInTheDocument();
  });
});
