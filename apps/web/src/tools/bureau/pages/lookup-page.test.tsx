import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { discordMe, fakeServer, renderWithApp } from '@/test-support/render-with-server';
import { LookupPage } from './lookup-page';

function Back() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Browser back</button>;
}

describe('issue 14 item 3: the lookup page', () => {
  it('starts the form from the person in the address after Back (it kept the last search)', async () => {
    fakeServer({
      'GET /auth/api/me': () => [200, discordMe(['bureau-staff'])],
      'GET /bureau/api/verify/claims': () => [200, { claims: [] }],
      'GET /bureau/api/lookup': () => [503, { error: 'Not in this test.', code: 'unavailable' }],
    });
    renderWithApp(
      <>
        <Back />
        <Routes>
          <Route path="/bureau/lookup/:type?/:id?" element={<LookupPage />} />
        </Routes>
      </>,
      { path: '/bureau/lookup/discord/867684895948800001' },
    );
    expect(await screen.findByLabelText('ID')).toHaveValue('867684895948800001');
    await userEvent.selectOptions(screen.getByLabelText('ID type'), 'roblox');
    await userEvent.clear(screen.getByLabelText('ID'));
    await userEvent.type(screen.getByLabelText('ID'), '1200004');
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await expect.poll(() => (screen.getByLabelText('ID') as HTMLInputElement).value).toBe('867684895948800001');
    expect(screen.getByLabelText('ID type')).toHaveValue('discord');
  });
});
